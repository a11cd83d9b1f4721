"""What the site keeps: storage validated, statistics, settings, winnable deals."""
