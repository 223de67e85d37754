// L2-regularised logistic regression by Newton's method (iteratively reweighted least squares): a
// few dozen features and a few thousand rows converge in ~10 steps, deterministically, with no
// learning rate to tune. Used by bench/salience-fit.ts; the shipped model only evaluates the result.

export interface LogisticModel {
  intercept: number;
  weights: number[];
}

function solve(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const rows = matrix.map((row, index) => [...row, vector[index]!]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    const head = rows[column]!;
    for (let row = 0; row < size; row += 1) {
      if (row === column) continue;
      const factor = rows[row]![column]! / head[column]!;
      if (factor !== 0) for (let index = column; index <= size; index += 1) rows[row]![index]! -= factor * head[index]!;
    }
  }
  return rows.map((row, index) => row[size]! / row[index]!);
}

export function sigmoid(value: number): number {
  return 1 / (1 + Math.exp(-value));
}

export function predict(model: LogisticModel, features: number[]): number {
  return sigmoid(features.reduce((sum, value, index) => sum + value * model.weights[index]!, model.intercept));
}

/** Fits on standardised features; `l2` penalises the weights (not the intercept). */
export function fitLogistic(rows: number[][], labels: boolean[], l2: number): LogisticModel {
  const width = rows[0]!.length + 1;
  let beta = new Array<number>(width).fill(0);
  for (let step = 0; step < 50; step += 1) {
    const gradient = new Array<number>(width).fill(0);
    const hessian = Array.from({ length: width }, () => new Array<number>(width).fill(0));
    rows.forEach((row, index) => {
      const x = [1, ...row];
      const p = sigmoid(x.reduce((sum, value, column) => sum + value * beta[column]!, 0));
      const error = (labels[index] ? 1 : 0) - p;
      const weight = p * (1 - p);
      for (let i = 0; i < width; i += 1) {
        gradient[i]! += error * x[i]!;
        for (let j = 0; j < width; j += 1) hessian[i]![j]! += weight * x[i]! * x[j]!;
      }
    });
    for (let i = 1; i < width; i += 1) {
      gradient[i]! -= l2 * beta[i]!;
      hessian[i]![i]! += l2;
    }
    const delta = solve(hessian, gradient);
    beta = beta.map((value, index) => value + delta[index]!);
    if (Math.max(...delta.map(Math.abs)) < 1e-8) break;
  }
  return { intercept: beta[0]!, weights: beta.slice(1) };
}

/** Column means and standard deviations, to standardise rows before fitting. */
export function columnScales(rows: number[][]): { means: number[]; deviations: number[] } {
  const width = rows[0]!.length;
  const means = Array.from({ length: width }, (_, column) => rows.reduce((sum, row) => sum + row[column]!, 0) / rows.length);
  const deviations = means.map((mean, column) => Math.sqrt(rows.reduce((sum, row) => sum + (row[column]! - mean) ** 2, 0) / rows.length) || 1);
  return { means, deviations };
}

/** Fits on standardised columns and folds the scaling back in: the result applies to raw features. */
export function fitLogisticRaw(rows: number[][], labels: boolean[], l2: number): LogisticModel {
  const { means, deviations } = columnScales(rows);
  const standardised = rows.map((row) => row.map((value, column) => (value - means[column]!) / deviations[column]!));
  const fitted = fitLogistic(standardised, labels, l2);
  const weights = fitted.weights.map((weight, column) => weight / deviations[column]!);
  const intercept = fitted.intercept - weights.reduce((sum, weight, column) => sum + weight * means[column]!, 0);
  return { intercept, weights };
}
