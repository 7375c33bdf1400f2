import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from './curl';

describe('Copy as curl', () => {
  it('quotes values for the shell, single quotes included', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('$HOME `x` "y"')).toBe(`'$HOME \`x\` "y"'`);
  });

  it('writes a GET with headers', () => {
    expect(toCurl({ method: 'GET', path: '/api/jots?limit=10', headers: { 'X-Client-Id': 'jc_1', 'X-Client-Secret': 's' } }, 'http://localhost:3000')).toBe(
      "curl -i 'http://localhost:3000/api/jots?limit=10' -H 'X-Client-Id: jc_1' -H 'X-Client-Secret: s'",
    );
  });

  it('writes a POST with a JSON body and its content type', () => {
    expect(toCurl({ method: 'POST', path: '/api/v2/jots', headers: {}, body: { payload: "a'b" } }, 'https://jotit.app')).toBe(
      `curl -i -X POST 'https://jotit.app/api/v2/jots' -H 'Content-Type: application/json' --data-raw '{"payload":"a'\\''b"}'`,
    );
  });
});
