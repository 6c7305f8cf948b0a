//! Region labelling (filled in below).
