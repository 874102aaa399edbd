import { describe, expect, it } from 'vitest';
import { newProductProblems } from './new-product.rules.ts';

describe('new product form (spec 3 §5)', () => {
  it('needs a name and an EAN', () => {
    expect(newProductProblems({ name: ' ', ean: '' })).toEqual({ name: 'required', ean: 'required' });
  });

  it('needs exactly 13 digits', () => {
    expect(newProductProblems({ name: 'Drop', ean: '871234567890' }).ean).toBe('length');
    expect(newProductProblems({ name: 'Drop', ean: '87123456789061' }).ean).toBe('length');
    expect(newProductProblems({ name: 'Drop', ean: '87123456789O6' }).ean).toBe('length');
  });

  it('checks the GS1 check digit and names the right one', () => {
    expect(newProductProblems({ name: 'Drop', ean: '8712345678907' })).toEqual({
      ean: 'check-digit',
      expectedDigit: 6,
    });
    expect(newProductProblems({ name: 'Drop', ean: ' 8712345678906 ' })).toEqual({});
  });
});
