// service.cpp - jx's runtime alone from an installed package: load an
// executable jxc compiled (jxc compile model.mlir --emit=executable -o
// model.jxe) and run it on inline inputs.
//
//   service model.jxe "2x2xf32=1 2 3 4" ...

#include <jx/runtime/client.h>
#include <jx/runtime/format.h>

#include <cstdio>
#include <fstream>
#include <sstream>

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: service FILE.jxe [INPUT...]\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  try {
    auto client = jx::runtime::Client::cpu();
    jx::runtime::Device &device = client->device(0);
    auto exe = client->deserialize_executable(bytes.str(), device);
    std::vector<jx::runtime::Buffer> args;
    for (int i = 2; i < argc; ++i)
      args.push_back(client->buffer_from_host(jx::runtime::read_input(argv[i]), device));
    std::vector<const jx::runtime::Buffer *> pointers;
    for (const auto &a : args)
      pointers.push_back(&a);
    for (const jx::runtime::Buffer &r : exe->execute(pointers))
      std::printf("%s %s\n", r.type_string().c_str(),
                  jx::runtime::format_values(r.host()).c_str());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "service: %s\n", e.what());
    return 1;
  }
  return 0;
}
