/** One row of the bench table: a measure, our figure, its reference, their ratio and the target. */
export interface Row {
  measure: string;
  ours: string;
  reference: string;
  ratio: string;
  target: string;
  /** Undefined where there is no target (a figure for information) or it could not be measured. */
  holds?: boolean;
}
