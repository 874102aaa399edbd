/**
 * The words of the attachments panel, given by the screen that shows it (each area keeps its own texts): the panel's
 * title, 'none' (spec 1 §8 'Geen bijlagen gevonden'), the column heads, the upload button and its confirmation, and
 * the upload fields' labels and hint.
 */
export interface AttachmentLabels {
  title: string;
  none: string;
  file: string;
  size: string;
  instruction: string;
  upload: string;
  uploaded: string;
  files: string;
  filesPlaceholder: string;
  instructions: string;
  hint: string;
}
