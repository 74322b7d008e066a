// A SKILL.md that tries every door a Markdown page has to run its own script: a raw <script>, an
// event handler on an image, a `javascript:` link; `trailer` adds lines after them (a code fence
// that tries to end a script element, for the page drawn by the server). Each attempt would set
// `window.__pwned`, which the pages' tests check stays undefined.
export function hostileSkillMd(description: string, trailer: readonly string[] = []): string {
  return [
    '---',
    'name: hello',
    `description: ${description}`,
    '---',
    '',
    '# Hello skill',
    '',
    'Use **hello** when someone should be greeted.',
    '',
    '<script>window.__pwned = "script"</script>',
    '',
    '<img src="/x.png" onerror="window.__pwned = \'img\'">',
    '',
    '[the docs](https://docs.example.com/hello) and [bad](javascript:window.__pwned=1)',
    '',
    ...trailer,
  ].join('\n');
}
