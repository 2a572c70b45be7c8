# What `make install` puts where (PREFIX and DESTDIR apply to all of it), the
# CMake package of the search core, and the Debian package (`make package`).
#
#   <prefix>/bin/boardsearch, boardsearch-server     the CLI and the server it execs
#   <prefix>/share/boardsearch/web/                  the page (found by the server, see below)
#   <prefix>/share/doc/boardsearch/                  README.md and docs/
#   <prefix>/include/boardsearch/core/               the header-only search core
#   <prefix>/share/cmake/boardsearch/                find_package(boardsearch) -> boardsearch::core

include(CMakePackageConfigHelpers)

set(BOARDSEARCH_INSTALL_WEBDIR ${CMAKE_INSTALL_DATADIR}/boardsearch/web)
# The core is header-only, so its package is the same on every architecture:
# share/, not the multiarch lib/ directory.
set(BOARDSEARCH_INSTALL_CMAKEDIR ${CMAKE_INSTALL_DATADIR}/cmake/boardsearch)

# 1. The executables. `boardsearch serve` execs boardsearch-server from its
#    own folder, so both go to bin/.
install(TARGETS boardsearch boardsearch-server RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# 2. The page. The server looks for it relative to its own executable
#    (src/server/web_root.cpp), so an installed tree can move (DESTDIR, a
#    .deb's /usr, `cmake --install --prefix`) and still find it from any
#    working directory. The path from bin/ to the web folder is derived from
#    the install directories, never typed twice.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/web/ DESTINATION ${BOARDSEARCH_INSTALL_WEBDIR})
file(RELATIVE_PATH BOARDSEARCH_WEB_FROM_BINDIR ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}
     ${CMAKE_INSTALL_PREFIX}/${BOARDSEARCH_INSTALL_WEBDIR})
if(TARGET boardsearch_server)
  target_compile_definitions(boardsearch_server PRIVATE
    BOARDSEARCH_INSTALLED_WEB_ROOT="${BOARDSEARCH_WEB_FROM_BINDIR}")
endif()

# 3. The docs: README and docs/ (the puzzle pages, the API, the example
#    inputs and boards that the README's commands use).
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})

# 4. The search core as a CMake package: headers, exported target, config and
#    version files. Only the core: the module contract and the puzzles are
#    not a library others link (yet).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/boardsearch/core DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/boardsearch)
install(TARGETS boardsearch_core EXPORT boardsearchTargets)
install(EXPORT boardsearchTargets NAMESPACE boardsearch:: DESTINATION ${BOARDSEARCH_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/boardsearchConfig.cmake.in
  ${PROJECT_BINARY_DIR}/boardsearchConfig.cmake INSTALL_DESTINATION ${BOARDSEARCH_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/boardsearchConfigVersion.cmake
  COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/boardsearchConfig.cmake ${PROJECT_BINARY_DIR}/boardsearchConfigVersion.cmake
        DESTINATION ${BOARDSEARCH_INSTALL_CMAKEDIR})

# 5. The Debian package: everything above under /usr. Its dependencies are
#    the runtime packages of the libraries the executables link (fmt,
#    cpp-httplib, OpenSSL, ...), found by dpkg-shlibdeps from the binaries,
#    so they follow what Debian ships instead of a list kept by hand.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME boardsearch)
set(CPACK_PACKAGE_VENDOR "boardsearch")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "exact solver for classic exhaustive-search puzzles, with a local web app")
set(CPACK_PACKAGE_DESCRIPTION
    "boardsearch solves 2048, board tour, vanishing footholds, dice yut and marble escape exactly, shows the optimal play, serves a local web app and hunts counterexamples for judge solutions.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # boardsearch_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "boardsearch maintainers <boardsearch@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
# CPack installs what is already built (`make package` builds first): without
# this it would build every target, the test suite included, on each run.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
include(CPack)
