import { NOTE_COLORS, orderNotesEndpoint } from '@hoppa/core';
import { Button, Checkbox, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { ErrorBanner } from '../error-banner.tsx';

/** A note colour (spec 1 §9). */
export type NoteColor = (typeof NOTE_COLORS)[number];

/** The texts of the note editor, given by the screen that uses it (each feature keeps its own texts). */
export interface NotesEditorLabels {
  title: string;
  text: string;
  color: string;
  colors: Record<NoteColor, string>;
  none: string;
  notify: string;
  notifyHint: string;
  save: string;
  cancel: string;
  saved: string;
  mailed: string;
}

/**
 * The note editor of an order (spec 1 §2 Order card: text, colour red/green/yellow, notify the customer by e-mail)
 * in a modal; saves with `PUT /order/notes`, then refreshes every cached query (`onSaved` gets whether a mail went).
 */
export function OrderNotesEditor({
  opened,
  onClose,
  orderId,
  initial,
  labels,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  orderId: string;
  initial: { text: string | null; color: NoteColor | null; notify: boolean };
  labels: NotesEditorLabels;
  onSaved?: (mailed: boolean) => void;
}) {
  const qc = useQueryClient();
  const [text, setText] = useState(initial.text ?? '');
  const [color, setColor] = useState<string>(initial.color ?? 'none');
  const [notify, setNotify] = useState(initial.notify);
  const save = useMutation({
    mutationFn: () =>
      call(orderNotesEndpoint, {
        body: {
          _id: orderId,
          notes_text: text.trim() ? text : null,
          notes_color: color === 'none' ? null : (color as NoteColor),
          notes_notify: notify,
        },
      }),
    onSuccess: async (r) => {
      await qc.invalidateQueries();
      onSaved?.(r.mailed);
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={labels.title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={labels.text}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={2000}
            data-autofocus
          />
          <Radio.Group label={labels.color} value={color} onChange={setColor}>
            <Group gap="md" mt={4}>
              <Radio value="none" label={labels.none} />
              {NOTE_COLORS.map((c) => (
                <Radio key={c} value={c} label={labels.colors[c]} color={c} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox
            label={labels.notify}
            description={labels.notifyHint}
            checked={notify}
            onChange={(e) => setNotify(e.currentTarget.checked)}
          />
          <ErrorBanner error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {labels.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {labels.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
