// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ComponentCatalog",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "Components", targets: ["Components"]),
    .library(name: "CatalogDiff", targets: ["CatalogDiff"]),
    .library(name: "CatalogStore", targets: ["CatalogStore"]),
    .library(name: "CatalogSite", targets: ["CatalogSite"]),
    .executable(name: "catalog", targets: ["catalog"]),
  ],
  targets: [
    // The system's libsqlite3, found with pkg-config.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),

    // The system's libcrypto (OpenSSL), found with pkg-config: SHA-256 for the history's
    // digests (`SHA256` in CatalogStorage). Linked dynamically, as libsqlite3 is, also in the
    // release build, whose static Swift runtime is what CI's `ldd` check is about.
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),

    // The system's libpq, the PostgreSQL client library: its header (apt: libpq-dev), and
    // the library loaded with dlopen on first use, so that a process that never connects
    // to PostgreSQL does not map it (Sources/CLibPQ/libpq-loader.c).
    .target(
      name: "CLibPQ",
      linkerSettings: [.linkedLibrary("dl")]
    ),

    // The component system and the catalog document model: zero dependencies beyond Foundation.
    .target(name: "Components"),

    // Structural diffs and RFC 6902 JSON Patch over catalog documents.
    .target(name: "CatalogDiff", dependencies: ["Components"]),

    // The schema, as plain SQL files, embedded into the build as Swift string literals.
    // One folder per engine (`Migrations/sqlite/`, `Migrations/postgresql/`).
    .target(
      name: "Migrations",
      path: "Migrations",
      exclude: ["README.md"],
      plugins: ["EmbedMigrationsPlugin"]
    ),
    .executableTarget(name: "embed-migrations", path: "Sources/embed-migrations"),
    .plugin(
      name: "EmbedMigrationsPlugin",
      capability: .buildTool(),
      dependencies: ["embed-migrations"],
      path: "Sources/EmbedMigrationsPlugin"
    ),

    // The seam between the catalog and a database engine: the storage protocols, the entry
    // row and its codec, the location of a catalog, the errors engines throw. No SQL here.
    .target(name: "CatalogStorage", dependencies: ["CCrypto", "CatalogDiff", "Components"]),

    // The SQLite engine: the connection wrapper, its migrator, and the catalog's queries.
    // The only target that sees CSQLite.
    .target(
      name: "CatalogSQLite",
      dependencies: ["CSQLite", "CatalogStorage", "Components", "Migrations"]
    ),

    // The `Catalog` API: imports, exports, history, the registry; engines only through the
    // protocols of CatalogStorage (and the one table of engines, `StorageEngines`). What
    // changed between two states is always CatalogDiff's answer.
    .target(
      name: "CatalogStore",
      dependencies: [
        "CatalogStorage", "CatalogSQLite", "CatalogPostgreSQL", "CatalogDiff", "Components",
      ]),

    // The static website of a catalog and its history (`catalog site`).
    .target(
      name: "CatalogSite",
      dependencies: ["CatalogStore", "CatalogDiff", "CatalogAgents", "Components"]),

    // The catalog for agents: the kinds with their inferred shapes and A2UI majors
    // (`AgentCatalog`), the a2ui / json-schema / prompt exports, `validate-ui`'s layered
    // checks of a generated UI document, and the MCP server.
    .target(
      name: "CatalogAgents", dependencies: ["CatalogStore", "CatalogDiff", "Components"]),

    // The PostgreSQL engine: the libpq wrapper and the catalog storage on a server.
    .target(
      name: "CatalogPostgreSQL",
      dependencies: ["CLibPQ", "CatalogStorage", "Components", "Migrations"]),

    // The `catalog` command: argument parsing, formatting, exit statuses.
    .target(
      name: "CatalogCLI",
      dependencies: [
        "CatalogStore", "CatalogDiff", "CatalogSite", "CatalogAgents", "Components",
        "CMallocSettings",
      ]),
    // The C library's malloc settings of an import (ImportCommand).
    .target(name: "CMallocSettings"),
    .executableTarget(name: "catalog", dependencies: ["CatalogCLI"]),
    .executableTarget(
      name: "catalog-bench",
      dependencies: ["CatalogCLI", "CatalogStore", "CatalogDiff", "Components"]
    ),

    // Fixtures, temporary directories, the built binary and `requireError`, shared by the
    // test targets.
    .target(name: "TestSupport", dependencies: ["CSQLite"], path: "Tests/TestSupport"),
    .testTarget(name: "ComponentsTests", dependencies: ["Components", "TestSupport"]),
    .testTarget(
      name: "CatalogDiffTests", dependencies: ["CatalogDiff", "Components", "TestSupport"]),
    .testTarget(
      name: "CatalogStoreTests",
      dependencies: [
        "CatalogStore", "CatalogStorage", "CatalogSQLite", "Components", "Migrations",
        "TestSupport",
      ]),
    // The SQLite engine's own tests: the connection wrapper, the migrator, its tables and
    // fast paths (catalogs for them are made through CatalogStore).
    .testTarget(
      name: "CatalogSQLiteTests",
      dependencies: [
        "CatalogSQLite", "CatalogStore", "CatalogStorage", "Components", "Migrations",
        "TestSupport",
      ]),
    .testTarget(
      name: "CatalogSiteTests",
      dependencies: ["CatalogSite", "CatalogStore", "Components", "TestSupport"]),
    // The fuzz target's oracles (Tests/Fuzz), replaying the kept corpus; run-fuzz.sh builds
    // the same files with FuzzMain.swift into the libFuzzer executable.
    .testTarget(
      name: "FuzzCorpusReplayTests", dependencies: ["CatalogDiff", "Components"],
      path: "Tests/Fuzz",
      exclude: [
        "FuzzMain.swift", "run-fuzz.sh", "keep-corpus.sh", "json.dict", "seeds", "corpus",
        "change-oracle.py", "kill-imports.py",
      ]),
    .testTarget(
      name: "CatalogPostgreSQLTests", dependencies: ["CatalogPostgreSQL", "TestSupport"]),
    .testTarget(
      name: "CatalogCLITests",
      // The tests run the built `catalog` binary, so they depend on it.
      dependencies: [
        "CatalogCLI", "CatalogStore", "CatalogDiff", "CatalogAgents", "Components",
        "TestSupport", "catalog",
      ],
      // Help/ holds the expected help texts, read from the source tree (HelpGoldenTests).
      exclude: ["Help"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
