import {
  acceptTermsEndpoint,
  createSubscriptionEndpoint,
  currentSubscriptionEndpoint,
  plansEndpoint,
  type SubscriptionBody,
  subscriptionsEndpoint,
  type TermsLang,
  termsPdfEndpoint,
  updateSubscriptionEndpoint,
} from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../../app/session.ts';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** The plans with their price per order (`GET /plans`). */
export function usePlans() {
  return useQuery({ ...endpointQuery(plansEndpoint, {}), staleTime: 5 * 60_000 });
}

/** The current shop's subscription and terms acceptance (`GET /current_subscr`). */
export function useCurrentSubscription() {
  return useQuery(endpointQuery(currentSubscriptionEndpoint, {}));
}

/** The current shop's subscription versions, newest first (`GET /subscriptions`). */
export function useSubscriptionHistory() {
  return useQuery(endpointQuery(subscriptionsEndpoint, { query: { skip: 0, limit: 10, orgs: 'current' } }));
}

/**
 * The terms PDF in `lang` (the UI language: the Dutch or the English text of the one agreement) as an object URL for
 * the page's frame (the API's answers may not be framed directly).
 */
export function useTermsPdf(lang: TermsLang) {
  return useQuery({
    queryKey: [...endpointKey(termsPdfEndpoint), lang],
    queryFn: async () => URL.createObjectURL(await call(termsPdfEndpoint, { query: { lang } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Accepts the terms in force (`GET /accept_terms`), then saves the chosen counts: `POST /subscriptions` for the first
 * subscription, `PUT` to change it (spec 3 §7). Without counts only the terms are accepted.
 */
export function useAcceptAndSubscribe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: SubscriptionBody | null; exists: boolean }) => {
      await call(acceptTermsEndpoint, {});
      if (!input.body) return null;
      return input.exists
        ? call(updateSubscriptionEndpoint, { body: input.body })
        : call(createSubscriptionEndpoint, { body: input.body });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: endpointKey(currentSubscriptionEndpoint) });
      void qc.invalidateQueries({ queryKey: endpointKey(subscriptionsEndpoint) });
      void qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}
