// A build without MPI (find_package(MPI) found none): the farm runs on
// threads only, and Session does nothing.

#include <stdexcept>

#include "boardsearch/farm/farm.hpp"
#include "mpi_backend.hpp"

namespace boardsearch::farm {

Session::Session(int&, char**&) {}
Session::~Session() = default;
bool mpi_active() { return false; }
int rank() { return 0; }
int ranks() { return 1; }
bool mpi_built() { return false; }

Outcome run_on_mpi(const Job&, const Settings&) { throw std::logic_error("farm: this build has no MPI"); }

}  // namespace boardsearch::farm
