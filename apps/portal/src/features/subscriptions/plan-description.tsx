import { sanitizeRichText } from '@hoppa/core/rich-text';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A plan's description, the raw HTML field of spec 3 §2 (Custom form fields): sanitised once more right before it is
 * shown (core's rich-text rule; the API stored and answered it sanitised already), so no stored HTML runs script here.
 */
export function PlanDescription({ html }: { html: string }): ReactNode {
  return (
    <Text
      component="div"
      size="sm"
      c="dimmed"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText right here
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
    />
  );
}
