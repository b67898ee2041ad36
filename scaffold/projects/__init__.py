"""Projects made by scaffold: naming rules, template store, creation, regeneration and upgrade."""
