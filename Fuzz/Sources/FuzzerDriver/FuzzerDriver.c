// The declaration in `include/FuzzerDriver.h` is the whole of this module; SwiftPM needs one source.
#include "FuzzerDriver.h"
