export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
  /** Paragraphs shown after the list. */
  after?: readonly string[];
}

export interface LegalDocument {
  title: string;
  summary: string;
  sections: readonly LegalSection[];
}
