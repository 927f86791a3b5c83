import './field-messages.ts';
import { z } from 'zod';
import { BULK_MESSAGES, BULK_SELECTION_MAX } from '../domain/bulk-actions.ts';
import { bulkSelectionQuerySchema } from './bulk-actions.ts';
import { formatCount } from '../format/numbers.ts';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const format = z.enum(EXPORT_FORMATS, 'The export format is xlsx or csv.');

/** Every paper the paper list's filter matches. */
export const paperExportQuerySchema = bulkSelectionQuerySchema.extend({ format });

/** The papers selected in the list. */
export const paperExportBodySchema = z.object({
  format,
  paperIds: z
    .array(z.uuid('A paper id is not valid.'))
    .min(1, BULK_MESSAGES.emptySelection)
    .max(BULK_SELECTION_MAX, `At most ${formatCount(BULK_SELECTION_MAX)} papers in one export.`),
});
