// Which links a server may ask a person to open (URL-mode elicitation). Host side, pure. A link
// the person should not be shown is declined before anyone is asked.

/** The host name to show a person, or why the link is refused, in a sentence. */
export function checkElicitationLink(url: string): { domain: string } | { problem: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: 'the link is not a valid URL' };
  }
  // user:password@ before a host name is a classic way to make a link look like another site.
  if (parsed.username !== '' || parsed.password !== '') return { problem: 'the link carries a user name or password' };
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback)) return { domain: parsed.hostname };
  return { problem: `only https links (or http on this machine) are shown, and this one is ${parsed.protocol}` };
}
