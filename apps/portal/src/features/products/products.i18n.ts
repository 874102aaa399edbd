import { PRODUCT_IMPORT_FIELD_LABELS, PRODUCT_IMPORT_FIELDS, type ProductImportField } from '@hoppa/core';

/** The import field labels come from core, so a new import field is labelled without a second list. */
function fieldLabels(lang: 'nl' | 'en'): Record<ProductImportField, string> {
  return Object.fromEntries(
    PRODUCT_IMPORT_FIELDS.map((f) => [f, PRODUCT_IMPORT_FIELD_LABELS[f][lang]]),
  ) as Record<ProductImportField, string>;
}

/**
 * Texts of the products area (namespace 'products'): the bulk import
 * (spec 3 §2 Bulk import screen, §5 Import alerts, §8 toasts). `spreadsheet.*` are the texts of the
 * shared spreadsheet-import pieces (file choice, column mapping, preview), which the order import uses too.
 */
export const productsI18n = {
  en: {
    title: 'Products',
    import: {
      title: 'Import products',
      intro:
        'Upload a CSV or Excel (.xlsx) file with one product per row. Products are matched on EAN: new EANs are created, existing ones updated.',
      template: 'Download template',
      templateDownloaded: 'Template downloaded: {{file}}.xlsx',
      steps: {
        file: 'Choose file',
        mapping: 'Map columns',
        preview: 'Preview',
        results: 'Results',
      },
      showPreview: 'Show preview',
      backToMapping: 'Back to Mapping',
      import: 'Import',
      importing: 'Importing…',
      imported: 'Imported',
      error: 'Error',
      noData: 'No data available to import. Please upload a file first.',
      noFinalData: 'Error: No data available for import',
      failed: 'Import failed: {{message}}',
      unknownError: 'Unknown error occurred',
      toast: 'Import done: {{counts}}',
      toastCount: {
        created: '{{count, number}} new',
        updated: '{{count, number}} updated',
        unchanged: '{{count, number}} unchanged',
        refused: '{{count, number}} refused',
      },
      created: 'Created',
      updated: 'Updated',
      unchanged_one: '{{count}} product already matched the file and was left unchanged.',
      unchanged_other: '{{count}} products already matched the file and were left unchanged.',
      errors: 'Errors',
      errorDetails: 'Rows that were not imported',
      previewRefused_one:
        '{{count}} row will not be imported: fix it in the file first, or import the others.',
      previewRefused_other:
        '{{count}} rows will not be imported: fix them in the file first, or import the others.',
      previewRefusedDetails: 'Rows that will not be imported',
      row: 'Row',
      ean: 'EAN',
      reason: 'Reason',
      firstRow: '{{reason}} (first on line {{line}})',
      goToProducts: 'Go to Products',
      importMore: 'Import More',
    },
    fields: fieldLabels('en'),
    spreadsheet: {
      chooseFile: 'Choose file',
      fileHint: 'CSV or Excel (.xlsx)',
      reading: 'Reading file…',
      fileSummary: '{{name}}: {{rows}} rows, {{columns}} columns',
      readError: 'This file could not be read: {{message}}',
      emptyFile: 'This file has no rows below the header row.',
      field: 'Field',
      column: 'Column in your file',
      example: 'Example (first row)',
      notMapped: '— not imported —',
      required: 'required',
      missingRequired: 'Choose a column for: {{fields}}',
      unmappedColumns_one: '{{count}} column of your file is not used and will be ignored.',
      unmappedColumns_other: '{{count}} columns of your file are not used and will be ignored.',
      previewCaption: 'Data preview: {{shown}} of {{total}} rows',
      previewCapped: 'Only the first {{shown}} rows are shown; all {{total}} rows will be imported.',
      rowNumber: 'Row',
      selectColumnFor: 'Column for {{field}}',
    },
  },
  nl: {
    title: 'Producten',
    import: {
      title: 'Producten importeren',
      intro:
        'Upload een CSV- of Excel-bestand (.xlsx) met één product per regel. Producten worden op EAN herkend: nieuwe EAN’s worden aangemaakt, bestaande bijgewerkt.',
      template: 'Sjabloon downloaden',
      templateDownloaded: 'Sjabloon gedownload: {{file}}.xlsx',
      steps: {
        file: 'Bestand kiezen',
        mapping: 'Kolommen koppelen',
        preview: 'Voorbeeld',
        results: 'Resultaat',
      },
      showPreview: 'Voorbeeld tonen',
      backToMapping: 'Terug naar koppelen',
      import: 'Importeren',
      importing: 'Bezig met importeren…',
      imported: 'Geïmporteerd',
      error: 'Fout',
      noData: 'Geen gegevens om te importeren. Upload eerst een bestand.',
      noFinalData: 'Fout: geen gegevens om te importeren',
      failed: 'Importeren mislukt: {{message}}',
      unknownError: 'Onbekende fout opgetreden',
      toast: 'Import klaar: {{counts}}',
      toastCount: {
        created: '{{count, number}} nieuw',
        updated: '{{count, number}} bijgewerkt',
        unchanged: '{{count, number}} ongewijzigd',
        refused: '{{count, number}} geweigerd',
      },
      created: 'Aangemaakt',
      updated: 'Bijgewerkt',
      unchanged_one: '{{count}} product stond er al zo in en is niet gewijzigd.',
      unchanged_other: '{{count}} producten stonden er al zo in en zijn niet gewijzigd.',
      errors: 'Fouten',
      errorDetails: 'Regels die niet zijn geïmporteerd',
      previewRefused_one:
        '{{count}} regel wordt niet geïmporteerd: verbeter die eerst in het bestand, of importeer de rest.',
      previewRefused_other:
        '{{count}} regels worden niet geïmporteerd: verbeter die eerst in het bestand, of importeer de rest.',
      previewRefusedDetails: 'Regels die niet worden geïmporteerd',
      row: 'Regel',
      ean: 'EAN',
      reason: 'Reden',
      firstRow: '{{reason}} (eerst op regel {{line}})',
      goToProducts: 'Naar producten',
      importMore: 'Meer importeren',
    },
    fields: fieldLabels('nl'),
    spreadsheet: {
      chooseFile: 'Bestand kiezen',
      fileHint: 'CSV of Excel (.xlsx)',
      reading: 'Bestand lezen…',
      fileSummary: '{{name}}: {{rows}} regels, {{columns}} kolommen',
      readError: 'Dit bestand kan niet worden gelezen: {{message}}',
      emptyFile: 'Dit bestand heeft geen regels onder de kopregel.',
      field: 'Veld',
      column: 'Kolom in je bestand',
      example: 'Voorbeeld (eerste regel)',
      notMapped: '— niet importeren —',
      required: 'verplicht',
      missingRequired: 'Kies een kolom voor: {{fields}}',
      unmappedColumns_one: '{{count}} kolom van je bestand wordt niet gebruikt en genegeerd.',
      unmappedColumns_other: '{{count}} kolommen van je bestand worden niet gebruikt en genegeerd.',
      previewCaption: 'Voorbeeld: {{shown}} van {{total}} regels',
      previewCapped:
        'Alleen de eerste {{shown}} regels worden getoond; alle {{total}} regels worden geïmporteerd.',
      rowNumber: 'Regel',
      selectColumnFor: 'Kolom voor {{field}}',
    },
  },
};
