/**
 * Who has a document open in an editor, per instance (issue 39 §2, decision 0081): each editor keeps one presence
 * stream open on its document's topic (`page:12`); everyone on the topic hears the list of editors when someone opens
 * or leaves it. The list lives in this instance's memory: two people on two instances behind a balancer do not see
 * each other (the version check still refuses the second save), which the decision records.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SseChannel } from '../../lib/sse.ts';

export interface PresentEditor {
  userId: number;
  name: string;
}

const eventOf = (editors: PresentEditor[]) => `event: presence\ndata: ${JSON.stringify({ editors })}\n\n`;

export class PresenceHub {
  /** Each topic's open streams and whose they are (a person with two tabs open has two). */
  readonly #streams = new Map<string, Map<symbol, PresentEditor>>();
  readonly #channel: SseChannel;

  constructor(channel: SseChannel) {
    this.#channel = channel;
  }

  /** The people with `topic` open, once each, in the order they opened it. */
  editorsOf(topic: string): PresentEditor[] {
    const byUser = new Map<number, PresentEditor>();
    for (const editor of this.#streams.get(topic)?.values() ?? []) if (!byUser.has(editor.userId)) byUser.set(editor.userId, editor);
    return [...byUser.values()];
  }

  /** Answers `reply` with `editor`'s presence stream on `topic`; its first event, and everyone else's next, lists the editors. */
  open(request: FastifyRequest, reply: FastifyReply, topic: string, editor: PresentEditor, recheck: () => Promise<unknown>) {
    const stream = Symbol(topic);
    return this.#channel.open(
      request,
      reply,
      () => {
        const streams = this.#streams.get(topic) ?? new Map<symbol, PresentEditor>();
        this.#streams.set(topic, streams.set(stream, editor));
        const event = eventOf(this.editorsOf(topic));
        // The new stream is not open yet: this reaches the others on the topic; the new one gets it as its first event.
        this.#channel.broadcast(event, topic);
        return event;
      },
      {
        topic,
        recheck,
        onClose: () => {
          const streams = this.#streams.get(topic);
          streams?.delete(stream);
          if (streams?.size === 0) this.#streams.delete(topic);
          this.#channel.broadcast(eventOf(this.editorsOf(topic)), topic);
        },
      },
    );
  }
}
