interface TableHeadProps {
  /** What the table lists, for screen readers. */
  caption: string;
  columns: string[];
  /** The name of a last column of row actions, read by screen readers only; none when absent. */
  actions?: string;
}

/** A table's caption and header row: a column per label, then the row actions' column. */
export function TableHead({ caption, columns, actions }: TableHeadProps) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            // Two columns may read the same in some language: their place tells them apart.
            <th key={index} scope="col">
              {column}
            </th>
          ))}
          {actions !== undefined && (
            <th scope="col">
              <span className="visually-hidden">{actions}</span>
            </th>
          )}
        </tr>
      </thead>
    </>
  );
}
