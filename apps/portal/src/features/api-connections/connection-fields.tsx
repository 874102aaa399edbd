import {
  CONNECTION_PLATFORMS,
  type ConnectionPlatform,
  isShopPlatform,
  isTokenOnlyPlatform,
  shopNeedsUrl,
} from '@hoppa/core';
import type { useZodForm } from '@hoppa/web';
import { PasswordInput, Radio, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The text fields of the API connection form (add and edit). */
export type ConnectionField =
  | 'platform'
  | 'api_name'
  | 'api_key'
  | 'secret'
  | 'url'
  | 'customer_code'
  | 'customer_number'
  | 'collection_location'
  | 'account_id';

/** The form of a connection as {@link useZodForm} answers it. */
type ConnectionForm = ReturnType<typeof useZodForm<ConnectionField>>;

/**
 * The fields of an API connection under the platform's own names (spec 3 §5 API add form), shared by the add page and
 * the edit dialog: the platform (a choice when adding; fixed when editing), the name, a shop's URL, the key and the
 * secret (the token-only shop platforms ask one token, kept as the secret; ADR 0107), PostNL's customer code, number
 * and collection location, DHL's account id. Editing, the secret is write-only: empty keeps the stored one.
 */
export function ConnectionFields({
  form,
  field,
  editing = false,
}: Pick<ConnectionForm, 'form' | 'field'> & { editing?: boolean }): ReactNode {
  const { t } = useTranslation('apiConnections');
  const platform = form.values.platform as ConnectionPlatform;
  return (
    <>
      {editing ? null : (
        <Radio.Group
          label={t('add.platform')}
          required
          value={platform}
          onChange={(v) => form.setFieldValue('platform', v)}
        >
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt={6}>
            {CONNECTION_PLATFORMS.map((p) => (
              <Radio key={p} value={p} label={t(`platforms.${p}`)} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      <TextInput
        label={t('add.apiName')}
        description={t('add.apiNameHint')}
        required
        {...field('api_name')}
      />
      {isShopPlatform(platform) ? (
        <TextInput
          label={t('add.url')}
          description={t(`add.urlHint.${platform}`)}
          required={shopNeedsUrl(platform)}
          type="url"
          autoComplete="url"
          {...field('url')}
        />
      ) : null}
      {isTokenOnlyPlatform(platform) ? null : (
        <TextInput label={t(`add.apiKey.${platform}`)} required autoComplete="off" {...field('api_key')} />
      )}
      <PasswordInput
        label={t(`add.secret.${platform}`)}
        description={editing ? t('edit.secretHint') : undefined}
        required={!editing}
        autoComplete="new-password"
        {...field('secret')}
      />
      {platform === 'postnl' ? (
        <>
          <TextInput label={t('add.customerCode')} required {...field('customer_code')} />
          <TextInput label={t('add.customerNumber')} required {...field('customer_number')} />
          <TextInput label={t('add.collectionLocation')} required {...field('collection_location')} />
        </>
      ) : null}
      {platform === 'dhl' ? <TextInput label={t('add.accountId')} {...field('account_id')} /> : null}
    </>
  );
}

/**
 * The `settings` of a connection from the form's values: PostNL's three codes, DHL's account id when given, nothing
 * for the other platforms.
 */
export function connectionSettings(
  platform: ConnectionPlatform,
  v: Record<ConnectionField, string>,
): Record<string, string> {
  if (platform === 'postnl')
    return {
      customer_code: v.customer_code.trim(),
      customer_number: v.customer_number.trim(),
      collection_location: v.collection_location.trim(),
    };
  return platform === 'dhl' && v.account_id.trim() ? { account_id: v.account_id.trim() } : {};
}
