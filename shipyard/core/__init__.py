"""The core: everything shared by every rules system, and nothing specific to any one."""
