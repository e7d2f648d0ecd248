// benchmark comes later
