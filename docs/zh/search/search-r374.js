(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r374.js"]=[["rl/ppo/gae.html","广义优势估计（GAE）",8,"一次 rollout 的优势","","advantages"]];
