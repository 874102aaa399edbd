import type { FastifyReply } from 'fastify';

/**
 * Sets `reply` up for a PDF the browser shows rather than downloads (labels, packing slips), saved as
 * `fileName` when the user does download it. Answers the reply, so a route can add more headers.
 */
export function inlinePdf(reply: FastifyReply, fileName: string): FastifyReply {
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`);
}
