/**
 * What the benchmark and the CI guards throw at the app: the public JSON endpoints with a valid
 * payload each, fast-check generators of bad input, odd-but-legal input, and an XSS corpus.
 * One home for all of it: tests/integration/fuzz.test.ts and the other suites import this file,
 * so they never drift apart.
 */
import fc from "fast-check";

export interface PublicEndpoint {
  method: "POST";
  path: string;
  /** Tables a valid request may write (rows written by an invalid request are a bug). */
  tables: string[];
  /** Fields without which the payload is invalid (the schema must answer 4xx). */
  required: string[];
  /** A payload the endpoint accepts; `n` makes e-mails unique. */
  valid: (n: number, tag?: string) => Record<string, unknown>;
  /** The body is not validated beyond "JSON object" (e.g. opening a chat session). */
  bodyIgnored?: boolean;
}

const longText = (seed: string) => `${seed} ${"Texto de teste com tamanho suficiente para a validação. ".repeat(2)}`;
export const benchEmail = (tag: string, n: number) => `bench-${tag}-${n}@example.com`;

export const PUBLIC_POST_ENDPOINTS: PublicEndpoint[] = [
  {
    method: "POST",
    path: "/api/contact",
    tables: ["leads", "contact_answers"],
    required: ["name", "company", "email", "message"],
    valid: (n, tag = "contato") => ({
      name: `Pessoa ${n}`,
      company: "Empresa Teste Ltda",
      email: benchEmail(tag, n),
      phone: "11999998888",
      message: "Gostaria de conversar sobre agentes de IA para o atendimento.",
    }),
  },
  {
    method: "POST",
    path: "/api/newsletter",
    tables: ["newsletter_subscribers", "consent_records"],
    required: ["email"],
    valid: (n, tag = "news") => ({ email: benchEmail(tag, n) }),
  },
  {
    method: "POST",
    path: "/api/careers/application",
    tables: ["leads", "application_answers", "lead_files"],
    required: ["name", "email", "phone", "position", "experience", "motivation"],
    valid: (n, tag = "vaga") => ({
      name: `Candidata ${n}`,
      email: benchEmail(tag, n),
      phone: "11988887777",
      position: "Engenheiro(a) de IA",
      experience: longText("Cinco anos com aprendizado de máquina e dados."),
      motivation: longText("Quero trabalhar com projetos de IA em empresas."),
      linkedinUrl: "https://www.linkedin.com/in/exemplo",
      portfolioUrl: "",
    }),
  },
  {
    method: "POST",
    path: "/api/business-optimization",
    tables: ["leads", "questionnaire_answers"],
    required: ["companyName", "contactName", "email"],
    valid: (n, tag = "quest") => ({
      companyName: `Empresa ${n}`,
      contactName: `Contato ${n}`,
      email: benchEmail(tag, n),
      phone: "11977776666",
      position: "Diretora de operações",
      industryArea: "Varejo",
      companySize: "media",
      keyProcesses: "Atendimento, faturamento e logística.",
      currentChallenges: "Retrabalho na conferência de notas.",
      dataQuality: "boa",
      teamFamiliarity: "medio",
      budget: "25k-50k",
      timeline: "curto",
    }),
  },
  {
    method: "POST",
    path: "/api/consultations",
    tables: ["leads", "consultation_answers"],
    required: ["name", "email", "phone", "company", "industryArea"],
    valid: (n, tag = "consulta") => ({
      name: `Cliente ${n}`,
      email: benchEmail(tag, n),
      phone: "11966665555",
      company: "Empresa Teste SA",
      industryArea: "Saúde",
    }),
  },
  {
    method: "POST",
    path: "/api/checkout-session",
    tables: ["orders"],
    required: ["productId"],
    valid: () => ({ productId: "chatbot", successUrl: "/payment-success", cancelUrl: "/produtos" }),
  },
  {
    method: "POST",
    path: "/api/subscription",
    tables: ["orders", "subscriptions"],
    required: ["planId"],
    valid: () => ({ planId: "plano-essencial", successUrl: "/payment-success", cancelUrl: "/produtos" }),
  },
  {
    method: "POST",
    path: "/api/chat/session",
    tables: ["chat_sessions", "leads"],
    required: [],
    valid: () => ({}),
    bodyIgnored: true,
  },
  {
    method: "POST",
    path: "/api/chat/contact",
    tables: ["chat_sessions", "chat_messages"],
    required: ["email", "phone"],
    valid: (n, tag = "chat") => ({ email: benchEmail(tag, n), phone: "11955554444", message: "Empresa Teste" }),
  },
  {
    method: "POST",
    path: "/api/chat",
    tables: ["chat_messages"],
    // Needs a session of its own; the fuzz only sends payloads that cannot be valid.
    required: ["sessionId", "token", "content"],
    valid: () => ({ sessionId: "offline-0", token: "x", content: "Olá" }),
  },
  {
    method: "POST",
    // The pages' analytics beacons (docs/decisions/0056); rows are written a second later, in batches.
    path: "/api/analytics",
    tables: ["page_views", "analytics_events"],
    required: ["k", "p"],
    valid: () => ({ k: "form", p: "/", f: "contato" }),
  },
];

/** Tables whose row counts must not move while invalid payloads are sent. */
export const LEAD_TABLES = [...new Set(PUBLIC_POST_ENDPOINTS.flatMap((e) => e.tables))];

/** GETs of the public blog and search API with odd parameters (never a 5xx; 404 for unknown items is fine). */
export const ODD_PARAMS = [
  "-1",
  "0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "99999999999999999999999",
  "2147483648",
  "abc",
  "%00",
  "%E0%A4%A",
  "%",
  "' OR '1'='1",
  "1;DROP TABLE blog_posts",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "[]",
  "{}",
  "null",
  "undefined",
  "true",
  " ",
  "%F0%9F%98%80",
  "%EF%BF%BF",
  "%ED%A0%80",
  "x".repeat(5000),
  // Full-text query syntax, which the search must take as words (docs/decisions/0070).
  "a & !b | c:* <-> d",
  "'\\\\'",
  "e-mail 24/7 gpt-4.1 --",
];

export function oddBlogGets(): string[] {
  const paths: string[] = [];
  for (const v of ODD_PARAMS) {
    const enc = v.startsWith("%") || v === "%" ? v : encodeURIComponent(v);
    paths.push(`/api/blog/posts?categoryId=${enc}`);
    paths.push(`/api/blog/posts?limit=${enc}&offset=${enc}&page=${enc}`);
    paths.push(`/api/blog/posts/${enc}`);
    paths.push(`/api/blog/posts/slug/${enc}`);
    paths.push(`/api/blog/categories/${enc}`);
    paths.push(`/api/search?q=${enc}`);
  }
  paths.push("/api/search?q=a&q=b", "/api/search?q[]=a", "/api/search?q[a]=1", "/busca?q=%27%3A*%20%26");
  paths.push("/api/blog/posts?categoryId=1&categoryId=2", "/api/blog/posts?categoryId[]=1", "/api/blog/posts?categoryId[a]=1");
  paths.push("/api/blog/posts?__proto__[polluted]=1", "/api/blog/posts?constructor[prototype][polluted]=1");
  return paths;
}

// ---------------------------------------------------------------- generators
export interface FuzzRequest {
  endpoint: string;
  /** invalid: must be refused (4xx) and store nothing. odd: legal-looking; any answer but 5xx. */
  kind: "invalid" | "odd";
  strategy: string;
  contentType: string;
  body: string;
}

/** Strings that break naive code: NUL, lone surrogates, RTL overrides, emoji, combining marks. */
export const UNICODE_EDGE = [
  "\u0000",
  "nul\u0000no meio",
  "\ud800",
  "\udfff solto",
  "\u202eetnemadartxe",
  "\u200b\u200c\u200d\ufeff",
  "🙂👩🏽‍💻🇧🇷",
  "e\u0301\u0301\u0301\u0301",
  "Ω≈ç√∫˜µ≤≥÷",
  "\\u0000",
  "\r\n\t\u000b\u000c",
  "𝕿𝖊𝖘𝖙𝖊",
  "ﷺ",
  "null",
  "<>&\"'`",
];

const anyScalar = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const MALFORMED = [
  "{",
  "}",
  '{"a":}',
  "{'name':'x'}",
  '{"name":"x",}',
  '{"name":"x"',
  "[1,2",
  "NaN",
  "undefined",
  '{"name":"\\x41"}',
  '{"name":"\\u12"}',
  "\u0000",
  "\ufeff{}",
  "<xml/>",
  "name=x&email=y",
];

const NON_OBJECT = ["[]", "[{}]", "1", "-0", '"texto"', "null", "true", "1e1000"];

const POLLUTION_KEYS: Array<Record<string, unknown>> = [
  JSON.parse('{"__proto__":{"polluted":"sim","isAdmin":true}}'),
  { constructor: { prototype: { polluted: "sim" } } },
  JSON.parse('{"__proto__":{"toString":"x","valueOf":"y"}}'),
  { prototype: { polluted: "sim" } },
];

/** JSON text of an object, keeping `__proto__` as a real key. */
function jsonWith(base: Record<string, unknown>, extra: Record<string, unknown>): string {
  const text = JSON.stringify(base);
  const more = JSON.stringify(extra);
  if (more === "{}") return text;
  return text === "{}" ? more : `${text.slice(0, -1)},${more.slice(1)}`;
}

/** Bad input for one endpoint: every value must be refused with a 4xx and store nothing. */
export function invalidRequests(endpoint: PublicEndpoint): fc.Arbitrary<FuzzRequest> {
  const json = (strategy: string, body: string, contentType = "application/json"): FuzzRequest => ({
    endpoint: endpoint.path,
    kind: "invalid",
    strategy,
    contentType,
    body,
  });
  const n = fc.integer({ min: 1, max: 1_000_000 });
  const malformed = fc.constantFrom(...MALFORMED).map((b) => json("malformed-json", b));
  // An endpoint that reads no body can only be sent a body that is not JSON at all.
  if (endpoint.bodyIgnored) return malformed;
  const options: Array<fc.Arbitrary<FuzzRequest>> = [malformed, fc.constantFrom(...NON_OBJECT).map((b) => json("non-object-json", b))];
  if (endpoint.required.length) {
    const field = fc.constantFrom(...endpoint.required);
    options.push(
      fc.tuple(n, field).map(([i, f]) => {
        const body = { ...endpoint.valid(i, "fuzz") };
        delete body[f];
        return json(`missing:${f}`, JSON.stringify(body));
      }),
      fc.tuple(n, field, anyScalar).map(([i, f, v]) => json(`wrong-type:${f}`, JSON.stringify({ ...endpoint.valid(i, "fuzz"), [f]: v }))),
      // Over every field's cap (the largest is 5000 characters); some above the 256 kB body limit.
      fc
        .tuple(n, field, fc.constantFrom(6_000, 20_000, 300_000), fc.constantFrom("a", "é", "🙂", "<b>"))
        .map(([i, f, size, ch]) => json(`huge:${f}`, JSON.stringify({ ...endpoint.valid(i, "fuzz"), [f]: ch.repeat(size) }))),
      fc.tuple(n, field, fc.constantFrom(...POLLUTION_KEYS)).map(([i, f, keys]) => {
        const body = { ...endpoint.valid(i, "fuzz") };
        delete body[f];
        return json(`pollution+missing:${f}`, jsonWith(body, keys));
      }),
      fc
        .tuple(n, field, fc.constantFrom("", "   ", "\t\n", " \r\n "))
        .map(([i, f, blank]) => json(`blank:${f}`, JSON.stringify({ ...endpoint.valid(i, "fuzz"), [f]: blank }))),
    );
  }
  return fc.oneof(...options);
}

/** Legal-looking input with odd content: any answer is fine except a 5xx. */
export function oddRequests(endpoint: PublicEndpoint): fc.Arbitrary<FuzzRequest> {
  const n = fc.integer({ min: 1, max: 1_000_000 });
  const fields = Object.keys(endpoint.valid(1)).filter((f) => !f.toLowerCase().includes("email"));
  const req = (strategy: string, body: string, contentType = "application/json"): FuzzRequest => ({
    endpoint: endpoint.path,
    kind: "odd",
    strategy,
    contentType,
    body,
  });
  const options: Array<fc.Arbitrary<FuzzRequest>> = [
    fc.tuple(n, fc.constantFrom(...POLLUTION_KEYS)).map(([i, keys]) => req("pollution-keys", jsonWith(endpoint.valid(i, "odd"), keys))),
    fc
      .tuple(n, fc.dictionary(fc.string({ maxLength: 12 }), anyScalar, { maxKeys: 4 }))
      .map(([i, extra]) => req("extra-keys", JSON.stringify({ ...extra, ...endpoint.valid(i, "odd") }))),
    n.map((i) => {
      const text = JSON.stringify(endpoint.valid(i, "odd"));
      return req("duplicate-keys", text === "{}" ? '{"a":1,"a":2}' : `${text.slice(0, -1)},${text.slice(1)}`);
    }),
    n.map((i) => req("text-plain-content-type", JSON.stringify(endpoint.valid(i, "odd")), "text/plain")),
    n.map((i) =>
      req(
        "form-urlencoded",
        new URLSearchParams(endpoint.valid(i, "odd") as Record<string, string>).toString(),
        "application/x-www-form-urlencoded",
      ),
    ),
  ];
  if (fields.length) {
    const field = fc.constantFrom(...fields);
    options.push(
      fc.tuple(n, field, fc.constantFrom(...UNICODE_EDGE)).map(([i, f, s]) => {
        const base = endpoint.valid(i, "odd");
        const value = typeof base[f] === "string" ? `${base[f] as string} ${s}` : s;
        return req(`unicode:${f}`, JSON.stringify({ ...base, [f]: value }));
      }),
      fc.tuple(n, field, fc.string({ unit: "binary", maxLength: 60 })).map(([i, f, s]) => {
        const base = endpoint.valid(i, "odd");
        return req(`random-unicode:${f}`, JSON.stringify({ ...base, [f]: `${String(base[f] ?? "")}${s}` }));
      }),
      fc
        .tuple(n, field, fc.constantFrom(...XSS_CORPUS))
        .map(([i, f, s]) =>
          req(`xss:${f}`, JSON.stringify({ ...endpoint.valid(i, "odd"), [f]: `${String(endpoint.valid(i, "odd")[f] ?? "")} ${s}` })),
        ),
    );
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------- XSS
/** Every payload sets `window.__xss` or opens a dialog if it ever runs. */
export const XSS_CORPUS = [
  "<script>window.__xss=1</script>",
  '"><script>window.__xss=2</script>',
  '<img src=x onerror="window.__xss=3">',
  "<img src=x onerror=alert(4)>",
  "<svg onload=window.__xss=5></svg>",
  "<svg><script>window.__xss=6</script></svg>",
  '<a href="javascript:window.__xss=7">clique aqui</a>',
  '<iframe srcdoc="<script>parent.__xss=8</script>"></iframe>',
  "<details open ontoggle=window.__xss=9>x</details>",
  "</textarea><script>window.__xss=10</script>",
  "</title><script>window.__xss=11</script>",
  "<body onload=window.__xss=12>",
  "<input autofocus onfocus=window.__xss=13>",
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=14>",
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=15>">',
  '<object data="javascript:window.__xss=16"></object>',
  '<embed src="javascript:window.__xss=17">',
  "<form><button formaction=javascript:window.__xss=18>x</button></form>",
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=19">',
  "{{constructor.constructor('window.__xss=20')()}}",
  '<style>*{background:url("javascript:window.__xss=21")}</style>',
  '<img src="x" onerror="&#119;indow.__xss=22">',
  "<scr<script>ipt>window.__xss=23</scr</script>ipt>",
  '"><img src=x onerror=window.__xss=24>',
  "';window.__xss=25;//",
  '<a href="  javascript:window.__xss=26">link</a>',
];

/** A blog post whose every text field carries the corpus (content is HTML: the sanitiser's job). */
export function xssBlogPost(tag: string): Record<string, unknown> {
  const all = XSS_CORPUS.join("\n");
  return {
    title: `XSS ${tag} <img src=x onerror=window.__xss=100>`.slice(0, 200),
    slug: `xss-${tag}`.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
    summary: `Resumo com ataque ${XSS_CORPUS[2]} ${XSS_CORPUS[0]}`,
    content: `<p>Conteúdo de teste com pelo menos cinquenta caracteres para validar.</p>\n${all}`,
    categoryId: null,
    imageUrl: "javascript:window.__xss=101",
    published: true,
  };
}

// ---------------------------------------------------------------- requests
/** Sends one fuzz request; a network error or timeout is reported as status 0. */
export async function sendFuzz(base: string, r: FuzzRequest, timeoutMs = 15_000): Promise<{ status: number; ms: number; text: string }> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${r.endpoint}`, {
      method: "POST",
      headers: { "content-type": r.contentType },
      body: r.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, ms: Date.now() - started, text };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, text: String(error) };
  }
}

/** Whether a route serves the endpoint: it does not answer 404 to an empty JSON body. */
export async function endpointExists(base: string, method: string, path: string): Promise<boolean> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: method === "GET" ? undefined : "{}",
    redirect: "manual",
  });
  await res.arrayBuffer();
  return res.status !== 404;
}
