// The "export" service (provided by export-html): the session as a standalone HTML file.
export interface ExportService {
  /** Writes the current session as HTML; returns the file written. */
  exportHtml(outputPath?: string): Promise<string>;
}

declare module "pi-kernel" {
  interface Services {
    export: ExportService;
  }
}
