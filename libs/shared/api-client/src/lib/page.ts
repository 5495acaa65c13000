/** Which page of a list: its size (server default 50, at most 200) and the cursor of a previous answer. */
export interface PageParams {
  readonly limit?: number;
  readonly cursor?: string;
}

/** One page of a list answer, with the total and the next page's cursor from the headers. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  /** Present (true) when more than `total` records match (the server counts up to a bound). */
  readonly more?: boolean;
  /** null on the last page. */
  readonly nextCursor: string | null;
}
