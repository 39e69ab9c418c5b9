/**
 * Sections in the order the fields are given: a group gathers all its fields where its first one
 * appears; ungrouped fields stay where they are, each run of them a section without a title (so a
 * date can come first and remarks last).
 */
export function groupFields(keys: string[], groupOf: (key: string) => string | undefined) {
  const sections: { group: string | undefined; fields: string[] }[] = [];
  for (const key of keys) {
    const group = groupOf(key);
    const last = sections.at(-1);
    const section = group ? sections.find((s) => s.group === group) : last && !last.group ? last : undefined;
    if (section) section.fields.push(key);
    else sections.push({ group, fields: [key] });
  }
  return sections;
}
