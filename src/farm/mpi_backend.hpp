#pragma once
// The MPI backend (mpi.cpp), for farm.cpp; in a build without MPI
// (no_mpi.cpp) it is never reached: mpi_active() is false there.

#include "boardsearch/farm/farm.hpp"

namespace boardsearch::farm {

// Runs `job` on every rank of MPI_COMM_WORLD; every rank calls it.
// Precondition: mpi_active().
Outcome run_on_mpi(const Job& job, const Settings& settings);

}  // namespace boardsearch::farm
