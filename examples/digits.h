// digits.h - reads the 8x8 handwritten digits data set (1797 images of 64
// pixels valued 0..16, and their labels 0..9) from the gzipped CSV that
// scikit-learn ships (Debian: python3-sklearn), with zlib.

#ifndef JX_EXAMPLES_DIGITS_H
#define JX_EXAMPLES_DIGITS_H

#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace example {

/// Where Debian's python3-sklearn puts the data set.
inline const char *default_digits_path() {
  return "/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz";
}

struct digits {
  static constexpr int kPixels = 64;
  std::vector<float> pixels; // rows x 64, the raw 0..16 values
  std::vector<int32_t> labels;
  int64_t rows() const { return static_cast<int64_t>(labels.size()); }
};

/// Reads the CSV (gzipped or not: zlib reads both): each line 64 pixel
/// values and a label. Throws std::runtime_error naming the file and the
/// line on a malformed one.
inline digits read_digits(const std::string &path) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f)
    throw std::runtime_error("cannot open " + path);
  std::string text;
  char chunk[1 << 16];
  int n;
  while ((n = gzread(f, chunk, sizeof chunk)) > 0)
    text.append(chunk, static_cast<std::size_t>(n));
  int err = 0;
  const char *msg = gzerror(f, &err);
  bool failed = n < 0 || (err != Z_OK && err != Z_STREAM_END);
  std::string why = failed ? std::string(msg ? msg : "read error") : "";
  gzclose(f);
  if (failed)
    throw std::runtime_error(path + ": " + why);

  digits d;
  std::size_t pos = 0;
  int line = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos)
      end = text.size();
    std::string row = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    if (!row.empty() && row.back() == '\r')
      row.pop_back();
    if (row.empty())
      continue;
    std::vector<double> values;
    const char *p = row.c_str();
    while (*p) {
      char *next = nullptr;
      double v = std::strtod(p, &next);
      if (next == p)
        throw std::runtime_error(path + ":" + std::to_string(line) +
                                 ": not a number");
      values.push_back(v);
      p = next;
      if (*p == ',')
        ++p;
      else if (*p)
        throw std::runtime_error(path + ":" + std::to_string(line) +
                                 ": expected ','");
    }
    if (values.size() != digits::kPixels + 1)
      throw std::runtime_error(path + ":" + std::to_string(line) + ": " +
                               std::to_string(values.size()) +
                               " values, expected 65 (64 pixels, a label)");
    double label = values.back();
    if (label < 0 || label > 9 || label != static_cast<int>(label))
      throw std::runtime_error(path + ":" + std::to_string(line) +
                               ": label is not a digit 0..9");
    d.pixels.insert(d.pixels.end(), values.begin(), values.end() - 1);
    d.labels.push_back(static_cast<int32_t>(label));
  }
  if (d.labels.empty())
    throw std::runtime_error(path + ": no rows");
  return d;
}

} // namespace example

#endif // JX_EXAMPLES_DIGITS_H
