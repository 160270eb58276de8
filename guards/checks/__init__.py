"""The guard functions, grouped by what they read: amounts, the store's catalogue, the draft's wording."""
