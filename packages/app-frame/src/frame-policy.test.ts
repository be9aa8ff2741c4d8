import { describe, expect, it } from 'vitest';
import { appFramePolicy } from './frame-policy.js';

const HOST = 'http://127.0.0.1:4000';

describe('appFramePolicy', () => {
  it('lets an App that declares nothing reach no origin, framed only by the host page, sandboxed', () => {
    const { policy, refused } = appFramePolicy({}, HOST);
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("script-src 'unsafe-inline'");
    expect(policy).toContain(`frame-ancestors ${HOST}`);
    expect(policy).toContain('sandbox allow-scripts');
    expect(policy).not.toContain('allow-same-origin');
    expect(refused).toEqual([]);
  });

  it('adds the origins the App declares to the directives they map to', () => {
    const { policy } = appFramePolicy(
      { connectDomains: ['https://api.example.test'], resourceDomains: ['https://*.cdn.example.test'] },
      HOST,
    );
    expect(policy).toContain('connect-src https://api.example.test');
    expect(policy).toContain("script-src 'unsafe-inline' https://*.cdn.example.test");
    expect(policy).toContain('img-src data: blob: https://*.cdn.example.test');
  });

  it('leaves out, and names, what is not an origin (no directive smuggled in)', () => {
    const { policy, refused } = appFramePolicy(
      { connectDomains: ["https://ok.test; script-src 'unsafe-eval'", '*'] },
      HOST,
    );
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("connect-src 'none'");
    expect(refused).toEqual(["https://ok.test; script-src 'unsafe-eval'", '*']);
  });
});
