/**
 * The layering rule of ARCHITECTURE.md, checked by `npm run check:layers` (part of `npm test`).
 * Each rule's `comment` is the reason printed when an import breaks it. Clock and randomness are
 * not imports: build/checks/clock-and-random.mjs checks those.
 */
const path = require("node:path");

/** Pure engines: no I/O, no clock, no randomness; they import only these. */
const ENGINE = "^server/(playout|guide|streaming/ffmpeg|media/container-index)/";
const ENGINE_MAY_IMPORT = "^server/(domain|playout|guide|streaming/ffmpeg|media/container-index)/|^node_modules/(luxon|yaml|ajv|langs)/";

module.exports = {
  forbidden: [
    {
      name: "tsoa-runtime-only",
      comment: "The server imports tsoa's runtime (@tsoa/runtime): the `tsoa` package also loads @tsoa/cli and the TypeScript compiler, ~50 MB of RSS for nothing (bench/memory).",
      severity: "error",
      from: { path: "^(server|electron)/" },
      to: { path: "^node_modules/(tsoa|@tsoa/cli)/" },
    },
    {
      name: "edges-no-data-access",
      comment:
        "REST controllers and GraphQL resolvers call services; only services touch repositories, Database, the data source, " +
        "migrations and the SQL search compiler. Exception: entity classes (server/db/entities/) may be imported, because " +
        "services return them for the edges to map, and GraphQL object types reuse the entity classes so the UI's cards " +
        "get the same entities REST describes.",
      severity: "error",
      from: { path: "^server/api/" },
      to: { path: "^server/db/", pathNot: "^server/db/entities/" },
    },
    {
      name: "media-routes-no-data-access",
      comment: "The /iptv/ routes and the HTTP middleware call services; they never import anything of server/db/ (entities included).",
      severity: "error",
      from: { path: "^server/(iptv|http)/" },
      to: { path: "^server/db/" },
    },
    {
      name: "rest-and-graphql-apart",
      comment:
        "REST (server/api/rest) and GraphQL (server/api/graphql) do not import each other; a view mapping both transports " +
        "return lives in server/api/views/.",
      severity: "error",
      from: { path: "^server/api/(rest|graphql)/" },
      to: { path: "^server/api/(rest|graphql)/", pathNot: "^server/api/$1/" },
    },
    {
      name: "graphql-loaders-in-one-place",
      comment: "Every GraphQL DataLoader is made in server/api/graphql/loaders/ (created per request by createGraphqlLoaders); resolvers use ctx.loaders.",
      severity: "error",
      from: { pathNot: "^server/api/graphql/loaders/" },
      to: { path: "^node_modules/dataloader/" },
    },
    {
      name: "services-know-no-transport",
      comment: "Services hold the domain rules for every transport: they never import server/http, server/api or server/iptv.",
      severity: "error",
      from: { path: "^server/services/" },
      to: { path: "^server/(http|api|iptv)/" },
    },
    {
      name: "services-not-streaming",
      comment:
        "Services and the stream process owner (server/streaming) must not depend on each other both ways: services see " +
        "streams through the ports in server/domain/ (stream-plan.ts, stream-session.ts, ffmpeg-info.ts).",
      severity: "error",
      from: { path: "^server/services/" },
      to: { path: "^server/streaming/" },
    },
    {
      name: "streaming-not-services",
      comment:
        "The stream process owner (server/streaming) does not import services: plans, sessions, FFmpeg profile and " +
        "DomainError come from server/domain/, ffprobe from server/media/probe/.",
      severity: "error",
      from: { path: "^server/streaming/" },
      to: { path: "^server/services/" },
    },
    {
      name: "engines-import-only-engines-and-domain",
      comment:
        "Pure engines (server/playout, server/guide, server/streaming/ffmpeg, server/media/container-index) import only server/domain, each other and " +
        "the pure libraries luxon, yaml, ajv and langs: no database, service, HTTP, process owner or config. Add a " +
        "library here only if it does no I/O and reads no clock or randomness.",
      severity: "error",
      from: { path: ENGINE },
      to: { pathNot: ENGINE_MAY_IMPORT, dependencyTypesNot: ["core"] },
    },
    {
      name: "engines-no-io",
      comment:
        "Pure engines do no I/O and read no clock or randomness: no Node built-in module (fs, child_process, net, crypto, " +
        "timers, ...). The caller reads files and passes the clock and a seeded random source as parameters.",
      severity: "error",
      from: { path: ENGINE },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "builders-share-core",
      comment: "The playout builders (sequential, classic, block) share server/playout/core/ and never import each other.",
      severity: "error",
      from: { path: "^server/playout/(sequential|classic|block)/" },
      to: { path: "^server/playout/(sequential|classic|block)/", pathNot: "^server/playout/$1/" },
    },
    {
      name: "db-below-services",
      comment: "server/db is below services: it imports no service, edge, process owner or engine of its own layer's callers.",
      severity: "error",
      from: { path: "^server/db/" },
      to: { path: "^server/(services|api|iptv|http|streaming|scanner|scripting|jobs)/" },
    },
    {
      name: "domain-is-the-bottom",
      comment: "server/domain is the shared vocabulary every layer imports; it imports nothing of the project outside itself.",
      severity: "error",
      from: { path: "^server/domain/" },
      to: { path: "^(server|electron|renderer)/", pathNot: "^server/domain/" },
    },
    {
      name: "electron-only-in-the-shell",
      comment: "Nothing outside electron/ imports electron: the server and the UI run without it (tests, headless start).",
      severity: "error",
      from: { pathNot: "^electron/" },
      to: { path: "^node_modules/electron/" },
    },
    {
      name: "tsoa-runtime-only",
      comment:
        "Controllers and middleware import tsoa's decorators and ValidateError from @tsoa/runtime: the `tsoa` package's " +
        "index also loads tsoa's CLI and the TypeScript compiler, about a second on every server start and test file. " +
        "Only the code generators (build/codegen) use the tsoa package.",
      severity: "error",
      from: { path: "^(server|electron)/" },
      to: { path: "(^|/)node_modules/tsoa/|^tsoa$" },
    },
    {
      name: "renderer-over-http-only",
      comment: "The UI talks to the server over HTTP only; it imports no server or electron code.",
      severity: "error",
      from: { path: "^renderer/" },
      to: { path: "^(server|electron)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist/|server/.*/generated/)|\\.d\\.ts$" },
    // Type-only imports count: a type import still couples the layers.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, "tsconfig.json") },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
