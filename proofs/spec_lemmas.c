/* The lemmas of spec/ (level implications) are proven in this unit alone. */
#include "hw.h"
