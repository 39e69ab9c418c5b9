/**
 * Light fill and dark text for each level of a grade, least severe first: green, yellow, orange,
 * red, spread over however many levels the technique declares. No per-technique colours: a
 * grade's cell in a rows table and the limit beyond which a profile's rows take that grade are
 * coloured alike.
 */
const gradeColours = [
  { fill: '#d3f9d8', color: '#2b8a3e' },
  { fill: '#fff3bf', color: '#e67700' },
  { fill: '#ffe8cc', color: '#d9480f' },
  { fill: '#ffc9c9', color: '#c92a2a' },
];
export function gradeColour(levels: readonly string[], level: unknown) {
  const i = levels.indexOf(String(level));
  if (i < 0) return undefined;
  const at = levels.length === 1 ? 0 : Math.round((i * (gradeColours.length - 1)) / (levels.length - 1));
  return gradeColours[at]!;
}
