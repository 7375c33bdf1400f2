/**
 * Demo content the database is seeded with (docs/architecture.md §7: `SEED_DEMO`, on by default for the embedded database).
 *
 * Plain data only, so the seeder, tests and benchmarks can share it. Everything here is shown on the public
 * site, so it states only what the product does (spec §1, docs/architecture.md §4); where a post discusses a technique in
 * general, it says so rather than claiming it as a product feature.
 */

export type DemoBlogCategoryName = 'Security' | 'Engineering' | 'Development' | 'Infrastructure' | 'Industry' | 'General';

export interface DemoBlogCategory {
  name: DemoBlogCategoryName;
  slug: string;
  description: string;
  /** Badge background; every colour here keeps white text above WCAG AA contrast. */
  color: string;
}

export interface DemoBlogPost {
  title: string;
  slug: string;
  excerpt: string;
  /** Markdown. */
  content: string;
  authorName: string;
  authorBio: string;
  category: DemoBlogCategoryName;
  tags: readonly string[];
  /** Word count of `content` at about 200 words a minute. */
  readTimeMinutes: number;
  /** ISO 8601. */
  publishedAt: string;
  isFeatured: boolean;
}

export interface DemoFaq {
  question: string;
  answer: string;
  displayOrder: number;
}

export interface DemoBanner {
  title: string;
  message: string;
  type: 'info';
  displayOrder: number;
  isActive: boolean;
  isCloseable: boolean;
}

export interface DemoBuildGuid {
  name: string;
  value: string;
}

/** A jot's sender location; null parts are unknown (shown as country only, or "Unknown Location"). */
export interface DemoJotLocation {
  city: string | null;
  state: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

export const DEMO_DEFAULT_BLOG_CATEGORY: DemoBlogCategoryName = 'General';

export const DEMO_BLOG_CATEGORIES: readonly DemoBlogCategory[] = [
  {
    name: 'Security',
    slug: 'security',
    description: 'How jots are encrypted and verified, what that protects against, and what it does not.',
    color: '#b91c1c',
  },
  {
    name: 'Engineering',
    slug: 'engineering',
    description: 'How the JotIt desktop app and its plugins are built: speed, focus, and Windows details.',
    color: '#4338ca',
  },
  {
    name: 'Development',
    slug: 'development',
    description: 'Guides for developers who send, read and search jots through the JotIt API.',
    color: '#047857',
  },
  {
    name: 'Infrastructure',
    slug: 'infrastructure',
    description: 'Running the ingestion API and website reliably: PostgreSQL, deploys, limits and budgets.',
    color: '#0369a1',
  },
  {
    name: 'Industry',
    slug: 'industry',
    description: 'Research and ideas about note-taking, memory and how people capture what they think of.',
    color: '#7c3aed',
  },
  {
    name: 'General',
    slug: 'general',
    description: 'News and notes from the JotIt team that do not fit another category.',
    color: '#475569',
  },
];

const AUTHOR_ELENA = {
  authorName: 'Elena Marsh',
  authorBio:
    'Elena leads security at JotIt. She designed the v2 jot envelope and reviews every change that touches keys or payloads.',
};

const AUTHOR_TOMASZ = {
  authorName: 'Tomasz Wierzbicki',
  authorBio:
    'Tomasz builds the JotIt desktop app for Windows, from the tray menu to the plugins that write your jots to a file or to Google Docs.',
};

const AUTHOR_PRIYA = {
  authorName: 'Priya Raman',
  authorBio:
    'Priya is a backend engineer on the JotIt team. She looks after the jot API, the PostgreSQL database behind it and the benchmarks that keep both honest.',
};

const AUTHOR_JONAH = {
  authorName: 'Jonah Whitfield',
  authorBio:
    'Jonah works on product at JotIt. Before that he studied cognitive psychology, which is why he keeps asking how fast an idea can be written down.',
};

const POST_ENCRYPTION = `Every jot leaves the JotIt desktop app encrypted. Here is exactly how, what that protects against and what it does not, and why the v2 format authenticates the ciphertext before the server decrypts anything.

## What leaves your machine

When you save a jot, the app builds a small JSON object: the jot's \`text\` plus a few optional fields such as \`appVersion\`, \`plugin\` and \`clientId\`. That JSON is the plaintext. It is encrypted before it is sent, and the server decrypts it when it arrives.

The key comes from a **build GUID**: a secret string tied to a build of the app and stored on the server under a short name. Both sides derive the same 256-bit AES key from it:

\`\`\`text
K = SHA-256(UTF-8 bytes of the build GUID value)
\`\`\`

## The v1 format

The v1 endpoint, and the legacy \`/jots\` endpoint that shares its format, use AES-256 in CBC mode with PKCS#7 padding. The sender generates 16 random bytes as the IV, encrypts, and sends \`Base64(IV || ciphertext)\` as the \`payload\`, optionally with \`buildGuidName\` to name the key.

CBC is a well-understood mode, and with a fresh random IV the same jot encrypts to different bytes every time. But CBC on its own provides confidentiality only. It says nothing about whether the ciphertext was changed on the way, and that gap has two practical consequences:

- **Malleability.** Flipping a bit in one ciphertext block garbles that block's plaintext and flips the same bit in the next block's plaintext. Someone who can modify a payload can make predictable changes to the decrypted data without knowing the key.
- **Padding oracles.** If a server reacts differently to "bad padding" and "bad content" (a different message, status code, or even a measurably different response time), an attacker can use the difference to decrypt a captured payload byte by byte, again without the key.

v1 without \`buildGuidName\` adds a third wrinkle: the server has to find the key by trial, trying build GUIDs from newest to oldest. Decrypting with the wrong key ends in valid padding roughly once in 256 attempts, so padding alone cannot identify the right key; the server also requires the result to be a JSON object that matches the jot schema.

## What v2 changes

v2 (\`POST /api/v2/jots\`) is encrypt-then-MAC. From the same \`K\`, the sender derives two independent keys:

\`\`\`text
Kenc = HMAC-SHA256(K, "jot:v2:enc")
Kmac = HMAC-SHA256(K, "jot:v2:mac")
\`\`\`

The jot is encrypted with AES-256-CBC under \`Kenc\`. An HMAC-SHA256 tag is then computed under \`Kmac\` over the version, the key id and the Base64 IV and ciphertext, joined with dots: \`"2." + kid + "." + iv + "." + ct\`. The envelope \`{ "v": 2, "kid", "iv", "ct", "mac" }\` is Base64-encoded and sent as the \`payload\`.

On the server, the order of operations is the point:

1. Look up the key by \`kid\`. No trial decryption, no guessing.
2. Recompute the tag and compare it with the received one in constant time.
3. Only if the tags match, decrypt and validate the JSON.

A modified payload fails at step 2, before a single block is decrypted, so there is no padding behaviour left to observe. Because the version and the key id are inside the tag, a payload also cannot be relabelled to be processed under another key or format.

Why two keys rather than reusing \`K\`? One key used with two different primitives is a classic source of subtle weaknesses; labelled subkeys cost two HMAC calls and remove the question.

## One answer for every failure

Whatever goes wrong (bad Base64, unknown key, wrong MAC, bad padding, a plaintext that is not a valid jot), the API answers \`400\` with the same body: \`{ "error": "Invalid payload" }\`. The legacy and v1 endpoints follow the same rule. A server that never says which check failed gives an attacker nothing to steer by.

## What this does not protect against

Being precise about limits is part of the design:

- **This is not end-to-end encryption in the messaging-app sense.** The server holds the build GUIDs so that it can decrypt and record jots. Payload encryption protects a jot from anything between the app and that decryption step that can see request bodies, such as proxies, load balancers and request logs. It is an extra layer on top of TLS, not a replacement for it.
- **A build GUID ships with a build.** Someone who extracts it from a copy of the app can produce valid payloads for that key. That is why keys are tied to builds: a new build can carry a new GUID, and an administrator can delete an old one so that it is no longer accepted.
- **The public site never shows jot text.** The live counter and the list of latest ideas show a count, a time and an approximate location, nothing more.

## If you send jots yourself

Use v2. The [API reference](/docs) documents the endpoints, and the [API tester](/api-tester) can encrypt and submit a test jot with a build GUID of your choice, which is the quickest way to check your own implementation against a known-good one. Legacy and v1 remain accepted so that older builds of the app keep working.
`;

const POST_TRAY_SPEED = `A note-capture tool is only as fast as the gap between deciding to write something down and being able to type it. For JotIt, which lives in the Windows system tray, that gap is the time from clicking **New jot** to a window with a blinking caret. This post is about keeping it under 100 ms, and about the Windows details that decide whether a tray app feels instant or sluggish.

## Why 100 ms

The usual rule of thumb, popularised by Jakob Nielsen and going back to Robert Miller's 1968 paper on response times, is that about a tenth of a second is the limit for a response to feel instantaneous. Beyond it, people notice they are waiting, and for a capture tool the wait is already a cost: the point is to get a thought down before it fades.

Define the budget precisely: from the click to the first frame in which a keystroke would land in the text box. Not "the process started", not "the window exists".

## Show, don't start

The largest decision is structural. Starting a process, loading its libraries and building a window from nothing is the slow path on every UI framework, and it is slowest on a cold disk cache just after sign-in. A tray app has an advantage: it is already running. Pay the start-up cost once, at launch, and create the capture window then, hidden. After that, **New jot** does not create anything; it shows a window that already exists.

## Keep the show path short

With the window built in advance, the work left on the show path is small, and the discipline is to keep it small. On the path:

- Move the window to its remembered position.
- Clear the text box, show and activate the window, and put the caret in the box.

Off the path:

- **Preferences.** Read them at start-up and keep them in memory. JotIt remembers the plugin, the window position and the auto-close setting; none of that needs a disk read on the show path.
- **Plugin set-up.** Whatever the destination needs should be ready before you ask for a jot, not prepared when you do.
- **Anything that touches the network.**

Remembered positions have a trap: monitors get unplugged. A position saved on a docked laptop's second screen can be entirely off-screen the next morning, so check the saved rectangle against the work areas of the monitors that exist now, and move it onto the nearest one if it no longer fits.

## Focus is the hard part

On Windows, showing a window is easy; getting keyboard focus into it is where tray apps tend to fail. Windows restricts which processes may bring a window to the foreground, so that programs cannot steal focus while you type somewhere else. A click on a notification-area icon is input delivered to the app that owns the icon, and that is what allows the app to take the foreground in response. Activate the window directly in the handler for that click, not after an asynchronous hop, by which time other input may have arrived and the request can be refused.

Tray context menus have a long-standing quirk of their own: unless the owning window is the foreground window when the menu opens, the menu may not close when you click elsewhere. The documented fix is to call \`SetForegroundWindow\` before \`TrackPopupMenu\`, and to post a harmless message (\`WM_NULL\`) to the window afterwards.

## Auto-close without surprises

JotIt's smart auto-close closes the jot window when you click outside it. The natural signal is deactivation: the window receives \`WM_ACTIVATE\` with \`WA_INACTIVE\` when another window takes over. Two details separate "smart" from "jumpy":

- Not every deactivation means the user left. A message box or dialog owned by the app itself also deactivates the main window, and closing the window at that moment would be a bug.
- It must be optional. Some people want the window to stay open while they copy something from another app, so auto-close is a preference, remembered like everything else.

## Keep slow work off the interactive path

Once a jot is submitted, the window has done its job. Appending a line to a local file is quick; a call to Google Docs takes a network round trip nobody controls. Work that can take unbounded time belongs off the interactive path, with a clear way to report failure, so a slow network never holds a window on screen.

## Measure the slow cases

- Timestamp the tray message and the window's first paint, and log the difference in development builds.
- Test what users actually hit: the first jot after a reboot, a busy machine, an older laptop on battery.
- Track p95, not the mean. A window that opens instantly nine times and slowly the tenth feels slow.
- When a number regresses, Windows Performance Recorder and Analyzer show whether the time went to disk, CPU or waiting.

## Small helps

The JotIt download is under 10 MB. Size is not speed, but it tracks what launch costs: fewer libraries to load and fewer pages to read from disk, so the one start you cannot avoid stays cheap too.
`;

const POST_API_GUIDE = `The JotIt API is the interface the desktop app itself uses to send jots, and it is open to your code too. This guide covers sending an encrypted jot, reading and searching jots with API credentials, the public endpoints, and how to debug the most common mistakes. The [API reference](/docs) lists every endpoint with its full schema; this is the tour.

## Three ingestion endpoints

All three accept a JSON body \`{ "payload": "..." }\` and need no login, because the encryption key is the credential:

- \`POST /jots\`: legacy, same format as v1, kept for older builds of the app.
- \`POST /api/v1/jots\`: \`Base64(IV || AES-256-CBC ciphertext)\`, with an optional \`buildGuidName\` naming the key.
- \`POST /api/v2/jots\`: an authenticated encrypt-then-MAC envelope. Use this one.

The plaintext inside is a JSON object with \`text\` (required, 1 to 10,000 characters) and the optional fields \`clientId\`, \`appName\` (defaults to \`JotApp\`), \`windowTitle\`, \`appVersion\` and \`plugin\`.

## Sending a v2 jot from Node.js

This script uses only the standard library and the built-in \`fetch\` of Node.js 18 or later. Save it as \`send-jot.mjs\`, set the three environment variables, and run it:

\`\`\`js
import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

function encryptJotV2(kid, guidValue, jot) {
  const key = createHash('sha256').update(guidValue, 'utf8').digest();
  const encKey = createHmac('sha256', key).update('jot:v2:enc').digest();
  const macKey = createHmac('sha256', key).update('jot:v2:mac').digest();
  const ivBytes = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', encKey, ivBytes); // PKCS#7 padding by default
  const ct = Buffer.concat([cipher.update(JSON.stringify(jot), 'utf8'), cipher.final()]).toString('base64');
  const iv = ivBytes.toString('base64');
  const mac = createHmac('sha256', macKey).update(['2', kid, iv, ct].join('.')).digest('base64');
  return Buffer.from(JSON.stringify({ v: 2, kid, iv, ct, mac }), 'utf8').toString('base64');
}

const payload = encryptJotV2(process.env.BUILD_GUID_NAME, process.env.BUILD_GUID_VALUE, {
  text: 'Sent from a script, not the tray',
  appVersion: '1.5.0',
  plugin: 'offline',
});

const response = await fetch(process.env.JOTIT_URL + '/api/v2/jots', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ payload }),
});
console.log(response.status, await response.json());
\`\`\`

A successful call answers \`201\` with \`{ "id", "version": "v2", "timestamp" }\`. The key id (\`kid\`) is the build GUID's name; the key is derived from its value. Build GUIDs are created by an administrator; ask for one rather than reusing the desktop app's.

## When it says "Invalid payload"

Every failure to decode, decrypt or validate returns \`400 { "error": "Invalid payload" }\`: the same answer for a wrong key, a bad MAC, bad padding or malformed JSON. That is deliberate, so the server never reveals which check failed, but it means you debug on your side. Check, in this order:

1. The \`kid\` is the name of a build GUID that exists on the server.
2. The key is the SHA-256 of the GUID value's UTF-8 bytes, not the value itself.
3. The MAC input is built from the Base64 strings exactly as they appear in the envelope.
4. You use standard Base64 with \`+\`, \`/\` and \`=\` padding, not the URL-safe alphabet.

The other answers are simpler: \`400 { "error": "Encrypted payload is required" }\` for an empty payload, \`413\` for a body over 64 KiB, and \`429\` with a \`Retry-After\` header above 120 jot requests per minute from one IP address.

## Reading and searching

Reads need credentials. An administrator creates an API client, which gets a \`clientId\` and a \`secret\`. The secret is shown once, at creation, and stored only as a hash, so keep it in your secret store straight away. Send both as headers:

\`\`\`http
POST /api/jots-search
X-Client-Id: your-client-id
X-Client-Secret: your-client-secret
Content-Type: application/json

{ "field": "Plugin", "value": "google-docs", "appName": "JotApp" }
\`\`\`

The searchable fields are \`AppVersion\`, \`Plugin\`, \`ClientId\`, \`SenderCountry\` and \`payload\`. A regular client sees only its own jots, so put your \`clientId\` in the plaintext of the jots you send if you want to find them again. Admin clients see every jot and can also manage build GUIDs and clients. Errors always come back as \`{ "error": "..." }\`.

## Public endpoints

Two endpoints need no credentials at all, because they reveal nothing about content:

- \`GET /api/jots/count\` returns the total number of jots as \`{ "count": n }\`.
- \`GET /api/jots?limit=10\` returns recent jots as \`id\`, \`created_at\`, \`sender_city\`, \`sender_state\` and \`sender_country\`, never the text, payload, IP address or user agent.

The home page polls both every five seconds. They are served from memory, so polling them is cheap, but please keep to a similar interval.

## Try it without writing code

The [API tester](/api-tester) has a tab for each operation above and shows the raw response for every call. **Test Jot** takes plain text and a build GUID name and performs the encryption on the server, which confirms a key works before you debug your own code. **Create Jot** sends a payload you encrypted yourself to the legacy, v1 or v2 endpoint. The tester needs an approved account; sign in first.
`;

const POST_UPTIME = `A 99.9% availability target sounds generous until you turn it into minutes. This post covers how we spend that budget for the JotIt ingestion API, the endpoints that receive jots from the desktop app, and the PostgreSQL choices that protect it.

## What 99.9% buys you

99.9% leaves 0.1% for failure: about 43 minutes in a 30-day month, or just under 8 hours and 46 minutes a year. One slow manual recovery can use all of it. So the system has to survive ordinary events (a deploy, a crashed process, a database restart, a burst of traffic) without anyone stepping in.

For ingestion we define "up" strictly: a desktop app that sends a valid jot gets a \`201\`, and a \`201\` means the jot is committed to the database. A fast answer that might lose data does not count.

## One process, many copies

The JotIt server is a single Node.js process that serves the API, the website and a background job worker. Instances keep no state of their own; everything lives in PostgreSQL, plus Redis when it is configured for shared rate limits and caches. That keeps the failure story simple:

- Run several instances behind a load balancer. If one crashes, the others keep serving while it restarts.
- Deploy by replacing instances one at a time. Each exposes \`/healthz\` (the process is alive) and \`/readyz\` (it is ready for traffic), so the load balancer only sends requests to instances that can serve them.
- Migrations run when an instance starts. During a rolling deploy, old and new code run side by side, so a schema change is safest in two steps: first add what the new code needs, and remove what the old code used only in a later release.

## A 201 means committed

The ingestion path decrypts the payload, validates it, inserts one row and answers \`201\` only after the transaction commits. There is no in-memory buffer between the response and the database, because a buffer that acknowledges before writing turns every crash into silent data loss.

We test this under load rather than trusting it. The benchmark counts rows before and after a run: rows added must be at least the number of \`201\` responses (no acknowledged jot lost), and at most that number plus the open connections (requests still in flight when the load stopped). The latency budget for the same endpoint is a p99 under 60 ms at 100 concurrent connections.

## Keep hot reads off the database

Every visitor's home page polls the jot count and the ten most recent jots every five seconds. Answering each poll with \`SELECT count(*)\` is the classic mistake: PostgreSQL has to scan to count, so the query gets slower as the table grows. In our benchmarks on a 2-core machine, a per-request \`count(*)\` over a million jots managed about 29 requests per second, while a count kept in memory served at 90% of the rate of a bare Fastify route returning a constant.

So these answers live in memory, or in Redis when instances share them, and are updated when jots arrive. Their budget, at least 80% of the bare route's throughput with a p99 under 20 ms, rules out a database round trip per request. The payoff for availability is direct: a spike on the home page cannot starve ingestion of database connections.

## Slow neighbours stay outside the request

Some work depends on services we do not control, such as sending e-mail and syncing newsletter subscribers. None of it happens inside a request. It runs as jobs in pg-boss, a queue stored in the same PostgreSQL database, with retries and backoff. If the mail server is down for an hour, requests keep succeeding and the messages go out when it recovers. Because the queue lives in PostgreSQL, there is no second system to keep available.

## Limits protect everyone

Every route has a per-IP rate limit. Jot ingestion allows 120 requests per minute from one address and answers \`429\` with a \`Retry-After\` header beyond that. Bodies over 64 KiB are refused with \`413\` before any decryption is attempted. These limits keep one misbehaving client from spending the error budget for everyone else.

## Looking after PostgreSQL

The database is the one component you cannot replace by starting another copy, so it gets the most care:

- **Failover.** Use a managed PostgreSQL service with a standby and automatic failover, and make sure the connection pool discards broken connections and reconnects.
- **Connection budget.** Instances times pool size must stay well below \`max_connections\`. Small pools with short transactions beat large pools waiting on locks.
- **Timeouts.** A \`statement_timeout\` stops one runaway query from holding connections that ingestion needs.
- **Read replicas** can take the read-heavy public endpoints, leaving the primary for writes.

## What to alert on

- The share of ingestion requests answered with \`5xx\`, and p99 latency against its budget.
- The depth and age of the job queue; a growing queue means an outside service is failing.
- Connection usage on the database, and replication lag where replicas serve reads.

None of this is exotic: no state in the process, no acknowledgement before the commit, no database round trip for the hottest reads, and no outside service inside a request.
`;

const POST_CAPTURE_SPEED = `Most note-taking advice is about organising notes. This post is about the step before: getting an idea written down at all. Research on short-term memory explains why the first few seconds matter, and it shaped how JotIt behaves.

## The problem is seconds, not days

Writing about forgetting usually starts with Hermann Ebbinghaus's forgetting curve, which tracks how learned material fades over hours and days. For a passing idea the window is far shorter. A thought that occurs to you in the middle of something else has not been learned at all. It sits in working memory, which is both small and easily overwritten.

## Working memory is small

George Miller's 1956 paper famously put the span of immediate memory at "seven, plus or minus two" items. Later work revised that down: Nelson Cowan's 2001 review argued that when rehearsal and chunking are controlled for, people hold roughly three to five chunks at once. A new idea has to compete for one of those few slots with whatever you were already doing: the sentence you are writing, the bug you are tracing, the person you are listening to.

## And easily disrupted

In 1959, Lloyd and Margaret Peterson showed people three consonants and then had them count backwards by threes, which prevents rehearsal. Recall fell steeply within seconds; after 18 seconds of counting, only a small fraction of the letters were remembered. Later studies, notably Keppel and Underwood in 1962, showed that much of this loss comes from interference by earlier items rather than pure decay over time. At work that distinction offers little comfort, because the "earlier items" are everything else you are juggling.

The practical reading: an idea not written down in the first few seconds competes with everything else on your mind, and often loses.

## Holding a thought has a cost

Keeping an idea in mind is not free either. E. J. Masicampo and Roy Baumeister (2011) found that unfulfilled goals intruded on people's thoughts and hurt their performance on an unrelated task, and that making a specific plan for the goal removed the interference, even though the goal itself was still unmet. The finding matches a common experience: once something is written down somewhere you trust, your mind lets go of it.

The Zeigarnik effect (unfinished tasks are remembered better than finished ones), often quoted here, has a mixed replication record, so we would not build on it. The more useful result is Masicampo and Baumeister's: offloading is what frees attention.

## Offloading works if it is cheap

Psychologists call this cognitive offloading: using the world around you, such as a note, a calendar or a reminder, to reduce the demands on memory. Risko and Gilbert's 2016 review describes how people decide whether to offload by weighing the effort of offloading against the effort and risk of remembering. Storm and Stone (2015) found something striking: saving a file before studying a second one improved memory for the second. Offloading the first made room for the next.

So the cost of capturing matters. If writing an idea down means finding an app, waiting for it to load, choosing a notebook and naming a note, then "I'll remember it" is cheaper in the moment. Often you don't.

## What this means for a capture tool

These findings shaped a few concrete decisions in JotIt:

- **One step away.** JotIt lives in the Windows system tray, so a new jot does not mean switching to another app first.
- **No decisions at capture time.** Where a jot goes (a text file on your computer, or a Google Docs document) is a preference you set once. The app remembers it, along with the window position. When an idea arrives you only type.
- **Out of the way afterwards.** With smart auto-close on, the jot window closes when you click outside it, so going back to your work costs nothing.

## What the research does not say

Consonant trigrams in a lab are not ideas in a busy workday, and none of these studies measured note-taking software. We do not claim a tool makes anyone more creative. The narrower claim is the one the evidence supports: ideas held only in working memory are fragile, keeping them in mind has a cost, and writing them down relieves both, provided writing them down is fast enough that you actually do it.

## Further reading

- Miller, G. A. (1956). The magical number seven, plus or minus two. *Psychological Review*, 63(2), 81-97.
- Peterson, L. R., & Peterson, M. J. (1959). Short-term retention of individual verbal items. *Journal of Experimental Psychology*, 58(3), 193-198.
- Keppel, G., & Underwood, B. J. (1962). Proactive inhibition in short-term retention of single items. *Journal of Verbal Learning and Verbal Behavior*, 1(3), 153-161.
- Cowan, N. (2001). The magical number 4 in short-term memory. *Behavioral and Brain Sciences*, 24(1), 87-114.
- Masicampo, E. J., & Baumeister, R. F. (2011). Consider it done! Plan making can eliminate the cognitive effects of unfulfilled goals. *Journal of Personality and Social Psychology*, 101(4), 667-683.
- Storm, B. C., & Stone, S. M. (2015). Saving-enhanced memory. *Psychological Science*, 26(2), 182-188.
- Risko, E. F., & Gilbert, S. J. (2016). Cognitive offloading. *Trends in Cognitive Sciences*, 20(9), 676-688.
`;

const POST_GOOGLE_DOCS = `With the Google Docs plugin selected, JotIt adds each jot to a Google Docs document you chose after signing in with your Google account. Capturing works as before: open a new jot from the tray, type, done. Only the destination changes: a document you can open on any device, search, share and edit next to everything else in your Google Drive.

You can switch between the offline plugin, which appends to a plain text file on your computer, and Google Docs at any time with **Change plugin** in the tray menu. JotIt remembers the choice. This post looks at what happens behind that switch and what any desktop app has to get right to write to Google Docs reliably.

## Signing in from a desktop app

A desktop app cannot keep a secret: anything shipped inside it can be extracted. OAuth 2.0 for native apps (RFC 8252) is designed around that fact, and Google's rules for installed apps follow it:

- Sign-in happens in the system browser, not an embedded web view. Google blocks OAuth sign-in from embedded web views, and the system browser is where you are already signed in and can check the address bar.
- The browser hands the result back through a loopback redirect, a short-lived listener on \`127.0.0.1\`. Google has retired the older flow in which you copied a code from the browser into the app.
- PKCE (RFC 7636) binds the authorization code to the app instance that started the sign-in, so an intercepted code is useless on its own.

The result is an access token that lasts about an hour and a refresh token that lets the app obtain new access tokens without asking you again. The refresh token is the sensitive part. It is a long-lived credential, so it belongs in per-user protected storage (on Windows, the Data Protection API), never in a plain settings file.

## Scopes: ask for as little as possible

Scopes decide what an app could do with your account. The \`documents\` scope covers all of your Google Docs; \`drive.file\` covers only files the app created or that you explicitly opened with it. For a tool that writes to one document, the narrower scope is the better default. Whatever an app asks for, Google's consent screen lists it in plain language, and it is worth reading before you click Allow. You can review or remove any app's access later in your Google Account's security settings.

## Appending a jot

The Docs API changes documents through \`documents.batchUpdate\`, a list of requests that is applied as a whole or not at all. Adding text at the end takes a single \`insertText\` request:

\`\`\`json
{
  "requests": [
    {
      "insertText": {
        "endOfSegmentLocation": {},
        "text": "\\nCall the plumber about the kitchen leak before Friday"
      }
    }
  ]
}
\`\`\`

Two details are easy to get wrong:

- **Where the end is.** Every document body ends with a newline that cannot be removed, so you cannot insert at the body's final \`endIndex\`; the last valid position is one before it. You could call \`documents.get\` to find that index, but \`endOfSegmentLocation\` without a segment id means "the end of the body". It saves a round trip and avoids the race in which someone edits the document between your read and your write.
- **Paragraphs.** Text inserted at the end joins the last paragraph. Starting the inserted text with a newline gives each jot a paragraph of its own.

## Failures worth telling apart

Network calls fail, and a capture tool has one hard rule: a jot must never disappear without the user knowing. The errors fall into groups that need different responses:

- **401 Unauthorized.** The access token expired. Refresh it and retry once; the user should never notice.
- **invalid_grant when refreshing.** The refresh token no longer works, usually because access was removed in the Google Account or the token went unused for six months. Only a new sign-in fixes that, so say so plainly.
- **403 or 404 for the document.** The document was deleted or is no longer shared with the account. The fix is to choose a document again.
- **429 or 5xx.** Rate limits or a temporary problem on Google's side. Retry with exponential backoff and some random jitter, so many clients do not retry in lockstep.
- **No network.** There is nothing to retry against until the connection returns.

Each group maps to one clear action, and the message should name it: try again later, sign in again, or pick another document. "Something went wrong" helps nobody.

## Choosing between the two plugins

The offline plugin works without an internet connection, keeps jots on your computer and writes plain text that any editor can open. Google Docs puts your jots wherever you are signed in to Google, makes them searchable and shareable, and needs a connection and a sign-in. Neither is better in general. A pattern that works well is to keep the offline file for private scraps and switch to Google Docs while you collect material for something you will share. Switching takes two clicks in the tray, so you can pick per project rather than once and for all.
`;

export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    title: 'How JotIt encrypts your jots, and why v2 adds an HMAC',
    slug: 'how-jotit-encrypts-jots-and-why-v2-adds-an-hmac',
    excerpt:
      'Every jot leaves the desktop app encrypted with AES-256-CBC under a key derived from a build GUID. Here is exactly how, what that does and does not protect, and why v2 checks an HMAC before decrypting anything.',
    content: POST_ENCRYPTION,
    ...AUTHOR_ELENA,
    category: 'Security',
    tags: ['encryption', 'aes-256-cbc', 'hmac', 'api', 'privacy'],
    readTimeMinutes: 4,
    publishedAt: '2026-02-10T15:00:00.000Z',
    isFeatured: true,
  },
  {
    title: 'Building a tray app that opens in under 100 ms',
    slug: 'building-a-tray-app-that-opens-in-under-100-ms',
    excerpt:
      'The gap between deciding to write something down and being able to type is what a capture tool is judged on. How to budget it in a Windows tray app, and the focus and window details that make or break it.',
    content: POST_TRAY_SPEED,
    ...AUTHOR_TOMASZ,
    category: 'Engineering',
    tags: ['windows', 'performance', 'system-tray', 'desktop', 'ux'],
    readTimeMinutes: 4,
    publishedAt: '2025-11-04T15:00:00.000Z',
    isFeatured: false,
  },
  {
    title: "A developer's guide to the JotIt API",
    slug: 'developer-guide-to-the-jotit-api',
    excerpt:
      'Send an encrypted jot from a short Node.js script, read and search jots with API client credentials, and debug the one error message the ingestion endpoints return.',
    content: POST_API_GUIDE,
    ...AUTHOR_PRIYA,
    category: 'Development',
    tags: ['api', 'nodejs', 'encryption', 'developers', 'tutorial'],
    readTimeMinutes: 4,
    publishedAt: '2026-09-15T15:00:00.000Z',
    isFeatured: false,
  },
  {
    title: 'Running the ingestion API at 99.9% uptime with PostgreSQL',
    slug: 'running-the-ingestion-api-at-99-9-uptime-with-postgresql',
    excerpt:
      '99.9% allows about 43 minutes of downtime a month. How we spend that budget: stateless instances, a 201 that means committed, hot reads kept off the database, and outside services kept out of the request.',
    content: POST_UPTIME,
    ...AUTHOR_PRIYA,
    category: 'Infrastructure',
    tags: ['postgresql', 'reliability', 'uptime', 'scaling', 'operations'],
    readTimeMinutes: 4,
    publishedAt: '2026-06-30T15:00:00.000Z',
    isFeatured: false,
  },
  {
    title: 'Why capture speed matters: what research says about losing ideas',
    slug: 'why-capture-speed-matters-research-on-idea-loss',
    excerpt:
      'Working memory holds only a few items and loses them quickly when attention moves on. What the research says, what it does not, and what it implies for a note-capture tool.',
    content: POST_CAPTURE_SPEED,
    ...AUTHOR_JONAH,
    category: 'Industry',
    tags: ['research', 'memory', 'productivity', 'note-taking'],
    readTimeMinutes: 4,
    publishedAt: '2025-09-16T15:00:00.000Z',
    isFeatured: false,
  },
  {
    title: 'Writing notes to Google Docs from the tray',
    slug: 'writing-notes-to-google-docs-from-the-tray',
    excerpt:
      'The Google Docs plugin adds each jot to a document you choose. What that involves: OAuth for a desktop app, appending text with the Docs API, and telling apart the failures a user needs to hear about.',
    content: POST_GOOGLE_DOCS,
    ...AUTHOR_TOMASZ,
    category: 'Engineering',
    tags: ['google-docs', 'oauth', 'plugins', 'desktop', 'integrations'],
    readTimeMinutes: 4,
    publishedAt: '2026-04-21T15:00:00.000Z',
    isFeatured: false,
  },
];

export const DEMO_FAQS: readonly DemoFaq[] = [
  {
    question: 'How do I install JotIt?',
    answer:
      'JotIt for Windows is free to download. Enter your email address on the home page and we send you the download link; the installer is under 10 MB. After installation JotIt sits in the system tray, and if you do not see its icon, check the hidden icons area behind the arrow next to the clock.',
    displayOrder: 1,
  },
  {
    question: 'Where are my jots saved?',
    answer:
      'That depends on the plugin you choose. The offline plugin appends each jot to a plain text file on your computer, and the Google Docs plugin adds each jot to a Google Docs document you pick after signing in with your Google account. JotIt remembers your choice, so you set it once.',
    displayOrder: 2,
  },
  {
    question: 'How does the Google Docs plugin work?',
    answer:
      'Choose Change plugin from the JotIt tray menu, select Google Docs, sign in with your Google account and pick the document your jots should go to. From then on every jot you save is added to that document, which you can open on any device. You can remove JotIt\'s access at any time in your Google Account\'s security settings.',
    displayOrder: 3,
  },
  {
    question: 'Is the text of my jots private?',
    answer:
      'Yes. Jots are encrypted with AES-256 before they leave the app, and the text of a jot is never shown on this website. The public counter shows only how many jots have been saved, and the list of latest ideas shows only when each one arrived and an approximate location (city and region, or just the country). Your email address is used only to send the download link and product updates.',
    displayOrder: 4,
  },
  {
    question: 'Is JotIt available for macOS?',
    answer:
      'Not yet. JotIt runs on Windows today, and a macOS version is coming. If you leave your email address on the home page, you will hear about it in our product updates when it is ready.',
    displayOrder: 5,
  },
  {
    question: 'How do I change the plugin or my settings?',
    answer:
      'Click the JotIt icon in the system tray to open its menu: New jot, Change plugin, Settings and help, Feedback and Exit. Change plugin switches between the offline text file and Google Docs, and Settings and help holds the other preferences, such as smart auto-close, which closes the jot window when you click outside it. JotIt remembers your plugin, the window position and the auto-close setting between sessions.',
    displayOrder: 6,
  },
  {
    question: 'How do I get help or send feedback?',
    answer:
      'Choose Feedback from the JotIt tray menu or use the Feedback page on this website; we read every message. For anything else, write to support@jotit.app. We usually reply within 24 hours on business days.',
    displayOrder: 7,
  },
];

export const DEMO_WELCOME_BANNER: DemoBanner = {
  title: 'Welcome to JotIt',
  message:
    'JotIt for Windows is free to download. Capture an idea from the system tray in seconds and keep it in a local file or a Google Doc.',
  type: 'info',
  displayOrder: 0,
  isActive: true,
  isCloseable: true,
};

export const DEMO_BUILD_GUID: DemoBuildGuid = {
  name: 'demo-build-2026',
  value: '7f3c9a2e-4b1d-4e8a-9c62-d15e0b7a3f94',
};

export const DEMO_JOT_LOCATIONS: readonly DemoJotLocation[] = [
  { city: 'Nashville', state: 'Tennessee', country: 'US' },
  { city: 'Austin', state: 'Texas', country: 'US' },
  { city: 'Seattle', state: 'Washington', country: 'US' },
  { city: 'Chicago', state: 'Illinois', country: 'US' },
  { city: 'Boston', state: 'Massachusetts', country: 'US' },
  { city: 'Denver', state: 'Colorado', country: 'US' },
  { city: 'Atlanta', state: 'Georgia', country: 'US' },
  { city: 'Portland', state: 'Oregon', country: 'US' },
  { city: 'Raleigh', state: 'North Carolina', country: 'US' },
  { city: 'Minneapolis', state: 'Minnesota', country: 'US' },
  { city: 'Toronto', state: 'Ontario', country: 'CA' },
  { city: 'Vancouver', state: 'British Columbia', country: 'CA' },
  { city: 'London', state: 'England', country: 'GB' },
  { city: 'Manchester', state: 'England', country: 'GB' },
  { city: 'Edinburgh', state: 'Scotland', country: 'GB' },
  { city: 'Berlin', state: 'Berlin', country: 'DE' },
  { city: 'Munich', state: 'Bavaria', country: 'DE' },
  { city: 'Amsterdam', state: 'North Holland', country: 'NL' },
  { city: 'Stockholm', state: 'Stockholm', country: 'SE' },
  { city: 'Bengaluru', state: 'Karnataka', country: 'IN' },
  { city: 'Pune', state: 'Maharashtra', country: 'IN' },
  { city: 'São Paulo', state: 'São Paulo', country: 'BR' },
  { city: 'Sydney', state: 'New South Wales', country: 'AU' },
  { city: 'Melbourne', state: 'Victoria', country: 'AU' },
  { city: 'Tokyo', state: 'Tokyo', country: 'JP' },
  { city: 'Lagos', state: 'Lagos', country: 'NG' },
  { city: 'Mexico City', state: 'CDMX', country: 'MX' },
  { city: null, state: null, country: 'FR' },
  { city: null, state: null, country: 'ES' },
  { city: null, state: null, country: null },
];

export const DEMO_JOT_TEXTS: readonly string[] = [
  'Call the plumber about the kitchen leak before Friday',
  'Blog idea: what a year of one-line notes taught me about my own priorities',
  'Ask Dana whether the Q3 budget review moved to Thursday',
  'Renew the car registration, it expires at the end of the month',
  'Gift idea for Mom: the blue ceramic teapot from the market on Elm Street',
  'Bug: export dialog forgets the last folder after a restart',
  'Read chapter 2 of "The Design of Everyday Things" before book club',
  'Podcast topic: why small teams ship faster than big ones',
  'Buy milk, eggs, coffee filters and AA batteries',
  'Refactor the retry logic so timeouts and 5xx errors back off differently',
  'Dentist appointment moved to Tuesday at 3:30 pm',
  'Startup idea: a shared shopping list that sorts itself by store aisle',
  'Email the landlord photos of the cracked bedroom window',
  'Try running standup as a written async update for two weeks',
  'Song lyric idea: the city hums in a key I almost know',
  'Check whether the flight on the 14th allows a second carry-on',
  'Water the tomatoes and move the basil into the shade',
  'Meeting takeaway: customers want CSV export before they want dashboards',
  "Look up the recipe for that lentil soup from Sunday's lunch",
  'Back up the photo library before the operating system update',
];

export const DEMO_APP_VERSIONS = ['1.4.0', '1.4.1', '1.5.0'] as const;

export const DEMO_PLUGINS = ['offline', 'google-docs'] as const;

/** Issue 12: one campaign, served at /c/{slug} with its lead form (source campaign:{slug}). */
export const DEMO_CAMPAIGN = {
  name: 'Back to School 2026',
  slug: 'back-to-school',
  description: 'Capture lecture notes, deadlines and ideas from your system tray — free for students.',
  conversionGoal: 'Download sign-ups from the student newsletter',
  landingPageContent: [
    '## Never lose a thought between lectures',
    '',
    'JotIt sits in your Windows system tray. Click, type, press Enter — your idea is saved to a local file or a Google Doc before the professor changes slides.',
    '',
    '- **Instant capture**: no window to find, no app to open',
    '- **Private by design**: notes are encrypted with AES-256 on the way to Google Docs',
    '- **Free**: the full app, no trial, under 10 MB',
    '',
    'Leave your first name and e-mail and we send you the download link.',
  ].join('\n'),
  isActive: true,
} as const;

/** Issue 12: one affiliate product; blog ads of type affiliate_link can point at it (/go/{id}). */
export const DEMO_AFFILIATE_PRODUCT = {
  name: 'Logitech MX Keys S keyboard',
  description: 'A quiet, backlit keyboard with programmable keys — map one to open JotIt.',
  price: '109.99',
  affiliateLink: 'https://www.logitech.com/en-us/products/keyboards/mx-keys-s.html',
  vendor: 'Logitech',
  category: 'Hardware',
  commissionRate: '4.00',
  isActive: true,
} as const;

/** Demo testimonials for the home page's social proof (issue 12): people and companies are fictional. */
export interface DemoTestimonial {
  customerName: string;
  customerTitle: string | null;
  customerCompany: string | null;
  testimonialText: string;
  rating: number;
  isFeatured: boolean;
}

export const DEMO_TESTIMONIALS: readonly DemoTestimonial[] = [
  {
    customerName: 'Maya Fischer',
    customerTitle: 'Product Designer',
    customerCompany: 'Northwind Studio',
    testimonialText:
      'I used to lose half my ideas between meetings. Now I click the tray icon, type a line and press Enter. It is the only note tool I have kept using for more than a month.',
    rating: 5,
    isFeatured: true,
  },
  {
    customerName: 'Daniel Okafor',
    customerTitle: 'Backend Engineer',
    customerCompany: null,
    testimonialText:
      'Saving straight into a Google Doc means my jots are waiting on my laptop and my phone. Setup took two minutes.',
    rating: 5,
    isFeatured: false,
  },
  {
    customerName: 'Lena Park',
    customerTitle: 'Graduate Student',
    customerCompany: 'University of Leeds',
    testimonialText:
      'The offline text file is perfect for the lab computer: no account, no sync, just a file I can search later.',
    rating: 4,
    isFeatured: false,
  },
];

/** One published content page (issue 12), served at /p/security-at-jotit. States only what the product does. */
export const DEMO_PAGE = {
  title: 'Security at JotIt',
  slug: 'security-at-jotit',
  metaDescription: 'How JotIt protects your notes: AES-256 encryption in transit, local files that never leave your computer, and no reading of your jots.',
  content: [
    'JotIt is built to capture a thought in seconds without putting it at risk. This page explains what happens to a jot after you press Enter.',
    '## Two places a jot can go',
    '- **A local text file.** With the offline plugin, a jot is written to a text file on your own computer. It never leaves the machine.',
    '- **A Google Docs document.** With the Google Docs plugin, the jot is appended to a document in your own Google account.',
    '## Encrypted on the way',
    'When the app sends a jot to our service, the payload is encrypted with AES-256 using a key tied to your build of the app. We show when and roughly where jots arrive on the live counter, never what they say.',
    '## What we do not do',
    '- We do not read your jots.',
    '- We do not sell or share your e-mail address.',
    '- We do not need an account to use the app.',
    '## Questions',
    'Write to support@jotit.app, or read our [privacy policy](/privacy-policy).',
  ].join('\n\n'),
  isPublished: true,
} as const;
