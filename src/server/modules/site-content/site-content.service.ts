import type { FastifyBaseLogger } from 'fastify';
import type { SiteContent } from '@shared/schemas/site-content.ts';
import { type ContentWarning } from './content-markdown.ts';
import { loadSiteContent } from './content-loader.ts';

function warningText(warning: ContentWarning): string {
  return `${warning.file}:${warning.line}: ${warning.message}`;
}

/**
 * The public pages' texts, read from the content directory at start and again on SIGHUP:
 * requests read the copy in memory, never the files. A reload that fails keeps the texts in
 * force and says why.
 */
export class SiteContentSource {
  private constructor(
    private readonly dir: string,
    private loaded: SiteContent,
  ) {}

  /** Reads the directory; throws (the server does not start) when a file cannot be used. */
  static async open(dir: string, log: FastifyBaseLogger): Promise<SiteContentSource> {
    const { content, warnings } = await loadSiteContent(dir);
    for (const warning of warnings) log.warn(warningText(warning));
    return new SiteContentSource(dir, content);
  }

  get content(): SiteContent {
    return this.loaded;
  }

  /** The route's validator: the content's version, quoted. */
  get etag(): string {
    return `"${this.loaded.version}"`;
  }

  /** Reads the files again; the texts in force change only when every file is usable. */
  async reload(log: FastifyBaseLogger): Promise<boolean> {
    try {
      const { content, warnings } = await loadSiteContent(this.dir);
      for (const warning of warnings) log.warn(warningText(warning));
      const changed = content.version !== this.loaded.version;
      this.loaded = content;
      log.info(changed ? `Content reloaded from ${this.dir}` : `Content reloaded from ${this.dir}: unchanged`);
      return true;
    } catch (error) {
      log.error({ err: error }, `Content not reloaded, the pages keep their texts: ${(error as Error).message}`);
      return false;
    }
  }
}
