import CatalogCLI
