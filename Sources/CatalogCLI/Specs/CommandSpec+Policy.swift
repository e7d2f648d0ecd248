import CatalogDiff

extension CommandSpec {
  /// `catalog policy set|unset|show|export|import|ignore|unignore`: compatibility policies.
  package static let policyCommand = CommandSpec(
    name: "policy",
    abstract: "Set, show, export and import the compatibility policies.",
    discussion: """
      A policy is a compatibility mode: NONE, BACKWARD, FORWARD, FULL, \
      BACKWARD_TRANSITIVE, FORWARD_TRANSITIVE or FULL_TRANSITIVE (docs/policies.md has the \
      table of what each refuses). It is set on the catalog, on a category (--category) or \
      on a kind (--kind); the most specific level wins, and NONE at a level switches an \
      inherited mode off. Every write (import, patch, restore, revert, rename, deprecate) is \
      checked against the policies of the kinds it changes; a write they refuse lands \
      nothing and exits with 65, unless --allow-breaking REASON records a waiver.

      'set MODE' and 'unset' change a level; 'show' prints the policies, or with --kind the \
      kind's effective mode and where it comes from; 'ignore' and 'unignore' skip a rule \
      under a JSON Pointer prefix of a kind (--kind, --rule, --pointer); 'export' writes \
      the policies as a small JSON file and 'import FILE' makes the catalog's policies \
      exactly the file's. Every change is recorded with its author and time, and \
      'catalog log' shows it.
      """,
    arguments: [
      .positional(
        "action",
        value: .choice(["set", "unset", "show", "export", "import", "ignore", "unignore"]),
        help: "What to do: set, unset, show, export, import, ignore or unignore."),
      .positional(
        "operand", arity: .optional,
        help: "For set: the mode. For import: the policy file, or '-' for stdin."),
      .option("kind", valueName: "kind", help: "The kind the change or question is about."),
      .option("category", valueName: "name", help: "The category the change is about."),
      .option(
        "rule", valueName: "rule", value: .choice(ChangeRule.allCases.map(\.rawValue)),
        help: "For ignore and unignore: the change rule."),
      .option(
        "pointer", valueName: "pointer",
        help: "For ignore and unignore: the JSON Pointer prefix inside the entry, such as /payload/debug."),
      .author,
      .option("output", short: "o", valueName: "file", help: "For export: write to <file>."),
      .format(["text", "json"], help: "For show: text for people; json for scripts."),
    ],
    constraints: [.mutuallyExclusive(["kind", "category"])],
    examples: [
      Example("Refuse changes old apps cannot read:", "catalog policy set FORWARD"),
      Example("Stricter for one category:", "catalog policy set --category Display FULL"),
      Example("Switch the checks off for one kind:", "catalog policy set --kind debug-panel NONE"),
      Example("Where a kind's mode comes from:", "catalog policy show --kind tile-preview"),
      Example(
        "Let debug fields come and go:",
        "catalog policy ignore --kind hud --rule KEY_ADDED --pointer /payload/debug"),
      Example("Keep the policies in git:", "catalog policy export -o policies.json"),
      Example("Apply them in CI:", "catalog policy import policies.json"),
    ],
    seeAlso: ["check", "import", "log"],
    usageForms: [
      "set [--kind <kind> | --category <name>] <mode>",
      "unset [--kind <kind> | --category <name>]",
      "show [--kind <kind>]",
      "ignore --kind <kind> --rule <rule> --pointer <ptr>",
      "unignore --kind <kind> --rule <rule> --pointer <ptr>",
      "export [--output <file>]",
      "import <file>",
    ])
}
