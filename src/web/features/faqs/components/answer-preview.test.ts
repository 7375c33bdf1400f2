import { describe, expect, it } from 'vitest';
import { answerPreview } from './answer-preview';

describe('answerPreview', () => {
  it.each([
    ['Use **bold** and *italic*, `code` and [a link](https://example.com).', 'Use bold and italic, code and a link.'],
    ['## Heading\n\n- one\n- two\n\n1. three', 'Heading one two three'],
    ['Text <img src=x onerror="alert(1)"> after', 'Text after'],
    ['x'.repeat(130), `${'x'.repeat(120)}...`],
  ])('%j → %j', (markdown, expected) => {
    expect(answerPreview(markdown)).toBe(expected);
  });
});

it('leaves snake_case words alone', () => {
  expect(answerPreview('Set max_jot_length in settings.')).toBe('Set max_jot_length in settings.');
});
