import { ApiError } from '@hoppa/core';
import { codedProblemText } from '@hoppa/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyColumnMapping, type ColumnMapping, type MappedRow, type Sheet } from './spreadsheet.rules.ts';

/** Step of the import wizard: 0 choose file, 1 map columns, 2 preview, 3 results. */
export type ImportStep = 0 | 1 | 2 | 3;

/** State of the import call: 'processing' while it runs, then 'success' or 'error' until the next try. */
export type ImportStatus = 'idle' | 'processing' | 'success' | 'error';

/** What a page does after a successful import: show the results step, or leave (it navigated away). */
export type AfterImport = 'results' | 'leave';

export interface SpreadsheetImportOptions<F extends string, R> {
  /**
   * i18n namespace of the page. It has `import.noData`, `import.noFinalData`, `import.failed` and
   * `import.unknownError`, and for {@link SpreadsheetImportWizard} `import.steps.{file,mapping,preview,results}`,
   * `import.backToMapping`, `import.import`, `import.importing`, `import.importMore`, `import.row`
   * and `import.reason`.
   */
  ns: string;
  /** The automatic column guess for a freshly read sheet. */
  guessMapping: (columns: string[]) => ColumnMapping<F>;
  /** The line shown beside 'Choose file' once a file is read; `guess` is the mapping just guessed. */
  describeFile: (file: File, sheet: Sheet, guess: ColumnMapping<F>) => string;
  /** Sends every mapped row to the API and answers its result. */
  send: (rows: MappedRow<F>[]) => Promise<R>;
  /** After a successful call (toast, navigation); answers whether the results step follows. */
  onImported: (result: R) => AfterImport;
  /** After a failed call, with the text the preview step shows ('Import failed: …'). */
  onFailed?: (message: string) => void;
}

/**
 * State and steps of a spreadsheet import (spec 1 §2 Import, spec 3 §2 Bulk import, §4 Import wizard):
 * choose a CSV or XLSX file → map its columns onto the import fields (guessed) → preview the mapped
 * rows → import them → results. 'Back to mapping' returns to step 1 and `reset` starts over. The page
 * keeps its own field list, texts and what happens after the import (`send`, `onImported`, `onFailed`).
 */
export function useSpreadsheetImport<F extends string, R>(options: SpreadsheetImportOptions<F, R>) {
  const { ns, guessMapping, describeFile, send, onImported, onFailed } = options;
  const { t } = useTranslation(ns);
  const [step, setStep] = useState<ImportStep>(0);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping<F> | null>(null);
  const [rows, setRows] = useState<MappedRow<F>[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<ImportStatus>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);

  /** A file was read: guess the mapping and go to the mapping step. */
  function chooseSheet(s: Sheet, file: File) {
    const guess = guessMapping(s.columns);
    setSheet(s);
    setMapping(guess);
    setFileName(describeFile(file, s, guess));
    setAlert(null);
    setFailure(null);
    setStatus('idle');
    setStep(1);
  }

  function showPreview() {
    if (!sheet || !mapping) {
      setAlert(t('import.noData'));
      return;
    }
    setAlert(null);
    setFailure(null);
    setStatus('idle');
    setRows(applyColumnMapping(sheet.rows, mapping));
    setStep(2);
  }

  async function runImport() {
    if (!sheet) {
      setAlert(t('import.noData'));
      return;
    }
    if (rows.length === 0) {
      setAlert(t('import.noFinalData'));
      return;
    }
    setAlert(null);
    setFailure(null);
    setStatus('processing');
    try {
      const res = await send(rows);
      setStatus('success');
      if (onImported(res) === 'leave') return;
      setResult(res);
      setStep(3);
    } catch (err) {
      // A coded 400 (a list too long, a refused field) in the merchant's language (ADR 0127); else the server's words.
      const message =
        codedProblemText(err, t) ||
        (err instanceof ApiError || err instanceof Error ? err.message : '') ||
        t('import.unknownError');
      const text = t('import.failed', { message });
      setFailure(text);
      setStatus('error');
      onFailed?.(text);
    }
  }

  /** 'Import more': back to an empty first step. */
  function reset() {
    setStep(0);
    setSheet(null);
    setFileName(null);
    setMapping(null);
    setRows([]);
    setResult(null);
    setStatus('idle');
    setFailure(null);
    setAlert(null);
  }

  return {
    ns,
    step,
    setStep,
    sheet,
    fileName,
    mapping,
    setMapping,
    rows,
    alert,
    status,
    failure,
    result,
    chooseSheet,
    showPreview,
    runImport,
    reset,
  };
}

/** The state and actions {@link useSpreadsheetImport} gives a page and its wizard. */
export type SpreadsheetImport<F extends string, R> = ReturnType<typeof useSpreadsheetImport<F, R>>;
