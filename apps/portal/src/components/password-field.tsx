/**
 * Mantine's PasswordInput with the show/hide button named in the UI language (Mantine's own label is
 * English only). Takes every PasswordInput prop.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PasswordField(props: PasswordInputProps): ReactNode {
  const { t } = useTranslation('common');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }} {...props} />;
}
