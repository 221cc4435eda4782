(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r346.js"]=[["rl/ppo/gae.html","广义优势估计（GAE）","gae-9","一次 rollout 的优势","","advantages"]];
