import { type Plan, planDescription } from '@hoppa/core';
import { sanitizeRichText } from '@hoppa/core/rich-text';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A plan's description, the raw HTML field of spec 3 §2 (Custom form fields), in the UI language (core
 * `planDescription`: the UI language's text, else English, else any; migration 0452). Sanitised once more right before
 * it is shown (core's rich-text rule; the API stored and answered it sanitised already), so no stored HTML runs script
 * here.
 */
export function PlanDescription({ plan }: { plan: Pick<Plan, 'description' | 'descriptions'> }): ReactNode {
  const { i18n } = useTranslation();
  return (
    <Text
      component="div"
      size="sm"
      c="dimmed"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText right here
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(planDescription(plan, i18n.language)) }}
    />
  );
}
