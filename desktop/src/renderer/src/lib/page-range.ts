/** What a list's pagination shows: the rows of this page, the number of pages, and whether there is a next one. */
export interface PageRange {
  first: number;
  last: number;
  pages: number;
  hasNext: boolean;
}

/**
 * The range of page `page` of `limit` rows among `total`. When `atLeast`, the server stopped
 * counting at `total` and more rows exist: the page is full and a next page may follow it.
 */
export function pageRange(page: number, limit: number, total: number, atLeast = false): PageRange {
  // Past a floor, the page shown is at least one of the pages there are ("page 502 of 502+").
  const pages = Math.max(1, Math.ceil(total / limit), atLeast ? page : 1);
  return {
    first: (page - 1) * limit + 1,
    last: atLeast ? page * limit : Math.min(total, page * limit),
    pages,
    hasNext: atLeast || page < pages,
  };
}

/** A count as shown: "10,000+" when it is a floor. */
export const countShown = (formatted: string, atLeast: boolean): string => (atLeast ? `${formatted}+` : formatted);
