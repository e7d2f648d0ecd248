// The yardstick of the reader's benchmarks (reader-vs-simdjson.sh): simdjson's DOM parse of a
// file. Built by that script against Debian's libsimdjson-dev; the product never links it.
//
// usage: simdjson-load FILE [--runs N]
//   Each run loads FILE (simdjson::padded_string::load) and parses it into a DOM, then counts
//   the entries (the top-level array, or the "components" member's) so the parse cannot be
//   skipped, and prints "parsed N entries in T s CPU (parse P s)": the process's user +
//   system CPU time of the run, and of the parse alone. Exit status 0, or 65 when FILE is
//   not JSON, 66 when it cannot be read.
#include <simdjson.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/resource.h>

static double cpu_seconds() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
         usage.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: simdjson-load FILE [--runs N]\n");
    return 64;
  }
  int runs = 1;
  if (argc == 4 && std::strcmp(argv[2], "--runs") == 0) runs = std::atoi(argv[3]);
  simdjson::dom::parser parser;
  for (int run = 0; run < runs; run++) {
    double start = cpu_seconds();
    simdjson::padded_string text;
    if (simdjson::padded_string::load(argv[1]).get(text)) {
      std::fprintf(stderr, "simdjson-load: cannot read %s\n", argv[1]);
      return 66;
    }
    double parseStart = cpu_seconds();
    simdjson::dom::element document;
    auto error = parser.parse(text).get(document);
    if (error) {
      std::fprintf(stderr, "simdjson-load: %s: %s\n", argv[1], simdjson::error_message(error));
      return 65;
    }
    double parseEnd = cpu_seconds();
    size_t entries = 0;
    simdjson::dom::array components;
    bool found = document.is_array() ? !document.get_array().get(components)
                                     : !document["components"].get_array().get(components);
    if (found) entries = components.size();
    double end = cpu_seconds();
    std::printf("parsed %zu entries in %.3f s CPU (parse %.3f s)\n", entries, end - start,
                parseEnd - parseStart);
  }
  return 0;
}
