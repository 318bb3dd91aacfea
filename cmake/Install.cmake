# `cmake --install build --prefix P` installs jx as a CMake package:
#   P/include/jx/...          headers (with the generated dialect headers)
#   P/lib/libjx_runtime.so    the runtime (no MLIR, no LLVM)
#   P/lib/libJX*.a            the frontend and compiler libraries
#   P/bin/jxc jx-opt jx-run   the tools
#   P/lib/cmake/jx/           jxConfig.cmake: find_package(jx) gives
#                             jx::jx (frontend + compiler), jx::runtime and
#                             jx::distributed (MPI)
# examples/cmake_project is a separate project that uses it (the
# package-install test builds it against an installed tree).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

get_property(jx_libraries GLOBAL PROPERTY JX_LIBRARIES)
set_target_properties(JXRuntime PROPERTIES EXPORT_NAME runtime)
set_target_properties(JXChecks PROPERTIES EXPORT_NAME checks)
set_target_properties(JXDistributed PROPERTIES EXPORT_NAME distributed)
target_include_directories(JXRuntime INTERFACE $<INSTALL_INTERFACE:include>)
# jx::jx: everything a program that traces, compiles and runs needs.
add_library(JXPackage INTERFACE)
target_link_libraries(JXPackage INTERFACE JXFrontend JXCompiler JXRuntime)
set_target_properties(JXPackage PROPERTIES EXPORT_NAME jx)

install(TARGETS JXRuntime JXChecks JXDistributed JXPackage ${jx_libraries}
  EXPORT jxTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS jxc jx-opt jx-run RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The tools find the runtime next to them, and LLVM's libraries where the
# build found them.
set_target_properties(jxc jx-opt jx-run PROPERTIES
  INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}"
  INSTALL_RPATH_USE_LINK_PATH TRUE)
install(DIRECTORY include/jx ${PROJECT_BINARY_DIR}/include/jx
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.h.inc")
install(EXPORT jxTargets NAMESPACE jx:: FILE jxTargets.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/jx)
configure_package_config_file(cmake/jxConfig.cmake.in
  ${PROJECT_BINARY_DIR}/jxConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/jx)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/jxConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/jxConfig.cmake
  ${PROJECT_BINARY_DIR}/jxConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/jx)
