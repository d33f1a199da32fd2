# cabale
