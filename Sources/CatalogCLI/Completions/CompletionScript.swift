import Foundation

/// Shell completion scripts for bash, zsh and fish, generated from the command table
/// (`catalog completions bash|zsh|fish`): commands, options, the words of a choice, files
/// and directories where one is expected, and, read from the catalog when the shell asks,
/// kinds, categories, tags, app builds and revisions.
///
/// bash and zsh share one driver written in the common subset of both shells (it reads
/// `COMP_WORDS` and `COMP_CWORD`, and leaves its candidates in an array); bash hands them to
/// `COMPREPLY`, zsh to `compadd`. fish gets its own `complete` lines.
///
/// Catalog text is data: the scripts read it with `catalog completions --candidates`, one
/// NUL-terminated value at a time, into an array, and keep the values that start with the
/// word by a quoted prefix test. Nothing from the catalog passes through `compgen -W`,
/// `eval`, an unquoted expansion or a command substitution that is split again.
package struct CompletionScript: Sendable {
  /// The shells there is a script for.
  package enum Shell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
  }

  /// One way of installing a script: what it does, and the command.
  package struct Installation: Sendable {
    /// What the command does, for the help's examples.
    package let purpose: String
    /// The command.
    package let command: String
  }

  /// The one set of install instructions: the help's examples, the scripts' headers and
  /// docs/cli.md say these.
  package static let installation = [
    Installation(
      purpose: "Complete in bash (or add 'source <(catalog completions bash)' to ~/.bashrc):",
      command: "catalog completions bash > /etc/bash_completion.d/catalog"),
    Installation(
      purpose: "Complete in zsh (a directory on $fpath, added before compinit runs):",
      command: "catalog completions zsh > ~/.zfunc/_catalog"),
    Installation(
      purpose: "Complete in fish:",
      command: "catalog completions fish > ~/.config/fish/completions/catalog.fish"),
  ]

  /// The specs to complete.
  package let root: RootCommandSpec

  /// Creates the scripts for `root`.
  package init(root: RootCommandSpec) {
    self.root = root
  }

  /// The script for `shell`, ending with a newline.
  ///
  /// Not inlined: Swift 6.3.1's optimizer crashed (signal 11 in the SIL verifier, during
  /// `OwnershipModelEliminator`) on `CompletionsCommand.run` with the three scripts inlined
  /// into it, so `swift build -c release` failed.
  @inline(never)
  package func script(for shell: Shell) -> String {
    switch shell {
    case .bash: return bash
    case .zsh: return zsh
    case .fish: return fish
    }
  }

  private static let builtInFlags = ["--help", "-h"]

  /// What completes an argument's value, as the driver names it: `words:a b c`, `file`,
  /// `dir`, `list:kinds` (`categories`, `tags`, `revisions`), `at:revisions` (a file, or
  /// `@` and a revision), or `text` (nothing to offer). Words are the tool's own (commands,
  /// options, choices), never catalog text.
  private func action(_ completion: ArgumentSpec.Completion, valueKind: ArgumentSpec.ValueKind)
    -> String
  {
    if case .choice(let words) = valueKind { return "words:" + words.joined(separator: " ") }
    switch completion {
    case .none, .byFirstPositional: return "text"
    case .file: return "file"
    case .directory: return "dir"
    case .kind: return "list:kinds"
    case .category: return "list:categories"
    case .tag: return "list:tags"
    case .revision: return "list:revisions"
    case .build: return "list:builds"
    case .fileOrRevision: return "at:revisions"
    case .command: return "words:" + root.allCommands.map(\.name).joined(separator: " ")
    case .words(let words): return "words:" + words.joined(separator: " ")
    }
  }

  private func action(_ spec: ArgumentSpec) -> String {
    action(spec.completion, valueKind: spec.valueKind)
  }

  private func spellings(_ spec: ArgumentSpec) -> [String] {
    [spec.longSpelling, spec.shortSpelling].compactMap { $0 }
  }

  // MARK: - bash and zsh

  /// The driver bash and zsh share: the three generated lookups and the parse of the line.
  private var driver: String {
    let name = root.name
    var value: [String] = []
    var options: [String] = []
    var positionals: [String] = []
    for command in root.allCommands {
      for spec in command.namedArguments {
        guard case .option = spec.kind else { continue }
        let patterns = spellings(spec).map { "\"\(command.name) \($0)\"" }
        value.append("    \(patterns.joined(separator: "|"))) printf '%s\\n' '\(action(spec))' ;;")
      }
      let words =
        command.namedArguments.flatMap(spellings) + Self.builtInFlags
        + root.globalOptions.flatMap(spellings)
      options.append("    \(command.name)) printf '%s\\n' '\(words.joined(separator: " "))' ;;")
      for (index, spec) in command.positionals.enumerated() {
        let pattern = spec.isRepeatable ? "\"\(command.name) \"*" : "\"\(command.name) \(index)\""
        if case .byFirstPositional(let choices) = spec.completion {
          var lines = ["    \(pattern))", "      case \"$3\" in"]
          for first in choices.keys.sorted() {
            let chosen = action(choices[first] ?? .none, valueKind: .text)
            lines.append("        \(first)) printf '%s\\n' '\(chosen)' ;;")
          }
          lines += ["      esac", "      ;;"]
          positionals.append(lines.joined(separator: "\n"))
        } else {
          positionals.append("    \(pattern)) printf '%s\\n' '\(action(spec))' ;;")
        }
      }
    }
    for spec in root.globalOptions {
      let patterns = spellings(spec).map { "*\" \($0)\"" }
      value.append("    \(patterns.joined(separator: "|"))) printf '%s\\n' '\(action(spec))' ;;")
    }
    let rootWords = root.globalOptions.flatMap(spellings) + ["--version"] + Self.builtInFlags
    options.append("    *) printf '%s\\n' '\(rootWords.joined(separator: " "))' ;;")
    let commands = root.allCommands.map(\.name).joined(separator: " ")
    return """
      # What the value of option $2 of command $1 completes to; nothing for a flag.
      _\(name)_value() {
        case "$1 $2" in
      \(value.joined(separator: "\n"))
        esac
      }

      # The options of command $1 (the tool's own before a command).
      _\(name)_options() {
        case "$1" in
      \(options.joined(separator: "\n"))
        esac
      }

      # What positional argument $2 (from 0) of command $1 completes to; $3 is the first.
      _\(name)_positional() {
        case "$1 $2" in
      \(positionals.joined(separator: "\n"))
        esac
      }

      # Sets _\(name)_action to what the word COMP_WORDS[COMP_CWORD] completes to, and
      # _\(name)_global to the --database the line gives (the catalog candidates come from).
      _\(name)_parse() {
        local command="" count=0 first="" i word action
        _\(name)_global=()
        _\(name)_action=""
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          case "$word" in
            --) ;;
            -*)
              action=$(_\(name)_value "$command" "$word")
              if [[ -n $action ]]; then
                if ((i + 1 == COMP_CWORD)); then
                  _\(name)_action=$action
                  return
                fi
                case "$word" in
                  --database | -d) _\(name)_global+=("$word" "${COMP_WORDS[i + 1]}") ;;
                esac
                ((i++))
              fi
              ;;
            *)
              if [[ -z $command ]]; then
                command=$word
              else
                if ((count == 0)); then first=$word; fi
                ((count++))
              fi
              ;;
          esac
        done
        if [[ ${COMP_WORDS[COMP_CWORD]} == -* ]]; then
          _\(name)_action="words:$(_\(name)_options "$command")"
        elif [[ -z $command ]]; then
          _\(name)_action="words:\(commands)"
        else
          _\(name)_action=$(_\(name)_positional "$command" "$count" "$first")
        fi
      }

      # Sets the array _\(name)_reply to the candidates of action $1 (words:…, list:… or
      # at:…) that start with $2, each a literal string: catalog values are read one
      # NUL-terminated value at a time and compared with a quoted prefix, never evaluated.
      _\(name)_candidates() {
        local item prefix=""
        local -a items
        _\(name)_reply=()
        case "$1" in
          words:*)
            if [[ -n ${ZSH_VERSION-} ]]; then
              read -r -A items <<<"${1#words:}"
            else
              read -r -a items <<<"${1#words:}"
            fi
            for item in "${items[@]}"; do
              if [[ $item == "$2"* ]]; then _\(name)_reply+=("$item"); fi
            done
            return
            ;;
          at:*) prefix=@ ;;
          list:*) ;;
          *) return ;;
        esac
        while IFS= read -r -d '' item; do
          item=$prefix$item
          if [[ $item == "$2"* ]]; then _\(name)_reply+=("$item"); fi
        done < <(\(name) "${_\(name)_global[@]}" completions --candidates "${1#*:}" 2>/dev/null)
      }
      """
  }

  /// The bash script: `source <(catalog completions bash)`.
  package var bash: String {
    let name = root.name
    return """
      # bash completion for \(name), generated by '\(name) completions bash'.
      # Install: \(Self.installation[0].command)
      # (or add 'source <(\(name) completions bash)' to ~/.bashrc)

      \(driver)

      _\(name)() {
        local cur=${COMP_WORDS[COMP_CWORD]} _\(name)_action
        local -a _\(name)_global _\(name)_reply
        _\(name)_parse
        COMPREPLY=()
        case "$_\(name)_action" in
          file) ;;
          at:*) [[ $cur == @* ]] || _\(name)_action=file ;;
        esac
        case "$_\(name)_action" in
          file | dir)
            compopt -o filenames 2>/dev/null
            local flag=-f
            [[ $_\(name)_action == dir ]] && flag=-d
            mapfile -t COMPREPLY < <(compgen "$flag" -- "$cur")
            return
            ;;
        esac
        _\(name)_candidates "$_\(name)_action" "$cur"
        # Catalog values are inserted quoted, as file names are.
        case "$_\(name)_action" in
          list:* | at:*) compopt -o filenames 2>/dev/null ;;
        esac
        COMPREPLY=("${_\(name)_reply[@]}")
      }

      complete -F _\(name) \(name)

      """
  }

  // MARK: - zsh

  /// The zsh script: a `#compdef` function file for a directory on `$fpath`, which also
  /// registers itself when it is sourced after compinit.
  package var zsh: String {
    let name = root.name
    return """
      #compdef \(name)
      # zsh completion for \(name), generated by '\(name) completions zsh'.
      # Install: \(Self.installation[1].command)
      # (with fpath=(~/.zfunc $fpath) in ~/.zshrc before compinit; or, after compinit,
      # source <(\(name) completions zsh))

      \(driver)

      # The driver runs with ksharrays (arrays from 0, as in bash); zsh's own completion
      # functions must not, so it runs in a function of its own.
      _\(name)_zsh_parse() {
        setopt localoptions ksharrays
        COMP_WORDS=("${words[@]}")
        COMP_CWORD=$((CURRENT - 1))
        _\(name)_parse
        if [[ ${COMP_WORDS[COMP_CWORD]} == @* ]]; then _\(name)_at=1; fi
        case "$_\(name)_action" in
          words:* | list:* | at:*) _\(name)_candidates "$_\(name)_action" "" ;;
        esac
      }

      _\(name)() {
        local -a COMP_WORDS _\(name)_global _\(name)_reply
        local COMP_CWORD _\(name)_action _\(name)_at=""
        _\(name)_zsh_parse
        case "$_\(name)_action" in
          file) _files; return ;;
          dir) _files -/; return ;;
          at:*) if [[ -z $_\(name)_at ]]; then _files; return; fi ;;
        esac
        # compadd matches the word itself and quotes what it inserts.
        compadd -- "${_\(name)_reply[@]}"
      }

      if [[ ${zsh_eval_context[-1]-} == loadautofunc ]]; then
        _\(name) "$@"
      else
        compdef _\(name) \(name)
      fi

      """
  }

  // MARK: - fish

  /// The fish script: `catalog completions fish > ~/.config/fish/completions/catalog.fish`.
  package var fish: String {
    let name = root.name
    var lines = [
      "# fish completion for \(name), generated by '\(name) completions fish'.",
      "# Install: \(Self.installation[2].command)",
      "complete -c \(name) -f",
      "",
      "# The catalog's values of list $argv[1] (kinds, categories, tags, builds, revisions), each with",
      "# the prefix $argv[2], NUL-terminated: values are data, never expanded again. The",
      "# catalog is the one a --database (-d) on the line names.",
      "function __\(name)_candidates",
      "    set -l tokens (commandline -opc)",
      "    set -l global",
      "    set -l i 2",
      "    while test $i -lt (count $tokens)",
      "        switch $tokens[$i]",
      "            case --database -d",
      "                set global --database $tokens[(math $i + 1)]",
      "        end",
      "        set i (math $i + 1)",
      "    end",
      "    set -l prefix \"$argv[2]\"",
      "    set -l values (\(name) $global completions --candidates $argv[1] 2>/dev/null | string split0)",
      "    if set -q values[1]",
      "        string join0 -- \"$prefix\"$values",
      "    end",
      "end",
      "",
    ]
    for spec in root.globalOptions {
      lines.append("complete -c \(name)\(fishOption(spec))")
    }
    lines.append("complete -c \(name) -n __fish_use_subcommand -l version -d 'Show the version.'")
    for command in root.allCommands {
      lines.append(
        "complete -c \(name) -n __fish_use_subcommand -a \(command.name) -d \(Self.fishQuote(command.abstract))"
      )
      let condition = " -n '__fish_seen_subcommand_from \(command.name)'"
      for spec in command.namedArguments {
        lines.append("complete -c \(name)\(condition)\(fishOption(spec))")
      }
      // Positionals: offered after the command, whatever their position (fish has no
      // cheap way to count them), except where the first one decides what comes next.
      let decided = command.positionals.contains {
        if case .byFirstPositional = $0.completion { return true }
        return false
      }
      for (index, spec) in command.positionals.enumerated() {
        if case .byFirstPositional(let choices) = spec.completion {
          for first in choices.keys.sorted() {
            guard let arguments = fishArguments(choices[first] ?? .none, valueKind: .text)
            else { continue }
            lines.append(
              "complete -c \(name) -n '__fish_seen_subcommand_from \(command.name); and "
                + "__fish_seen_subcommand_from \(first)' \(arguments)")
          }
          continue
        }
        guard let arguments = fishArguments(spec) else { continue }
        if index == 0, decided, case .choice(let words) = spec.valueKind {
          lines.append(
            "complete -c \(name) -n '__fish_seen_subcommand_from \(command.name); and not "
              + "__fish_seen_subcommand_from \(words.joined(separator: " "))' \(arguments)")
        } else {
          lines.append("complete -c \(name)\(condition) \(arguments)")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func fishOption(_ spec: ArgumentSpec) -> String {
    var text = " -l \(spec.name)"
    if let short = spec.shortSpelling { text += " -s \(short.dropFirst())" }
    if case .option = spec.kind {
      text += " " + (fishArguments(spec) ?? "-x")
    }
    return text + " -d \(Self.fishQuote(Self.firstSentence(spec.help)))"
  }

  private func fishArguments(_ spec: ArgumentSpec) -> String? {
    guard let arguments = fishArguments(spec.completion, valueKind: spec.valueKind) else {
      return spec.isNamed ? "-x" : nil
    }
    return arguments
  }

  /// `-xa 'a b'` for words, `-rF` for a file, `-xa '(…)'` for the catalog's values.
  private func fishArguments(
    _ completion: ArgumentSpec.Completion, valueKind: ArgumentSpec.ValueKind
  ) -> String? {
    if case .choice(let words) = valueKind {
      return "-xa \(Self.fishQuote(words.joined(separator: " ")))"
    }
    let name = root.name
    switch completion {
    case .none, .byFirstPositional: return nil
    case .file: return "-rF"
    case .directory: return "-xa '(__fish_complete_directories)'"
    case .kind: return "-xa '(__\(name)_candidates kinds | string split0)'"
    case .category: return "-xa '(__\(name)_candidates categories | string split0)'"
    case .tag: return "-xa '(__\(name)_candidates tags | string split0)'"
    case .revision: return "-xa '(__\(name)_candidates revisions | string split0)'"
    case .build: return "-xa '(__\(name)_candidates builds | string split0)'"
    case .fileOrRevision: return "-rFa '(__\(name)_candidates revisions @ | string split0)'"
    case .command:
      return "-xa \(Self.fishQuote(root.allCommands.map(\.name).joined(separator: " ")))"
    case .words(let words): return "-xa \(Self.fishQuote(words.joined(separator: " ")))"
    }
  }

  private static func fishQuote(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "'", with: "\\'") + "'"
  }

  private static func firstSentence(_ text: String) -> String {
    guard let end = text.range(of: ". ") else { return text }
    return String(text[..<end.lowerBound]) + "."
  }
}
