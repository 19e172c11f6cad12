import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
import { notFound } from '../http/errors';
import { renderImage } from '../files/image-library';
import { parseInput } from '../http/contract';

const paramsSchema = z.object({ id: z.string().min(1).max(100) });

export function registerFileRoutes(app: FastifyInstance, _ctx: AppContext): void {
  /**
   * Public, like any <img> source. An image never changes under its id, so the browser and the
   * service worker may keep it for a year without asking again.
   */
  app.get('/file/image/:id', async (request, reply) => {
    const { id } = parseInput(paramsSchema, request.params);
    const drawing = renderImage(id);
    if (!drawing) throw notFound(`Image ${id} does not exist.`);
    const image = await drawing;
    reply
      .header('Content-Type', 'image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', image.etag)
      // Opened directly, an image may load nothing and run nothing.
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
    return reply.send(image.body);
  });
}
