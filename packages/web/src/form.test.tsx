import { SignupBodySchema } from '@hoppa/core';
import { act, renderHook } from '@testing-library/react';
import type { FocusEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useZodForm } from './form.ts';
import { createI18n } from './i18n.ts';

const blank = { first_name: '', family_name: '', email: '', phone: '', password: '' };
const blur = {} as FocusEvent<HTMLElement>;
// Mantine's onChange takes an input's change event or the value itself.
const typed = (value: string) => value;

describe('useZodForm (spec 2 §5: validated after change and before submit)', () => {
  it("checks every field on submit against core's request schema, in the UI language, and sends nothing", () => {
    createI18n({}, 'nl');
    const { result } = renderHook(() => useZodForm(SignupBodySchema, blank));
    const onValid = vi.fn();
    act(() => result.current.onSubmit(onValid)());
    expect(onValid).not.toHaveBeenCalled();
    expect(result.current.field('email').error).toBe('Dit veld is verplicht!');
    act(() => result.current.field('password').onChange(typed('kort')));
    act(() => result.current.onSubmit(onValid)());
    expect(result.current.field('password').error).toBe('Minimaal 9 tekens');
  });

  it('says nothing when a field is merely passed through, and checks it once it was changed', () => {
    createI18n({}, 'en');
    const { result } = renderHook(() => useZodForm(SignupBodySchema, blank));
    act(() => result.current.field('email').onBlur(blur));
    expect(result.current.field('email').error).toBeUndefined();
    act(() => result.current.field('email').onChange(typed('anna@')));
    act(() => result.current.field('email').onBlur(blur));
    expect(result.current.field('email').error).toBe('Invalid email address!');
    act(() => result.current.field('email').onChange(typed('anna@bakkerijbol.nl')));
    expect(result.current.field('email').error).toBeUndefined();
  });

  it('hands the values over once every field passes', () => {
    createI18n({}, 'en');
    const good = {
      first_name: 'Anna',
      family_name: 'de Vries',
      email: 'anna@bakkerijbol.nl',
      phone: '+31 6 1234 5678',
      password: 'brood-2026',
    };
    const { result } = renderHook(() => useZodForm(SignupBodySchema, good));
    const onValid = vi.fn();
    act(() => result.current.onSubmit(onValid)());
    expect(onValid).toHaveBeenCalledWith(good, undefined);
  });
});
